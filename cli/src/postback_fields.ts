/* What `affix postbacks …` and `affix webhooks …` share: events, detail and table layouts. */
import type { PostbackAttempt, PostbackDelivery, PostbackTestResult, WebhookConfig } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export const WEBHOOK_EVENTS = [
  'customer.registered',
  'customer.ftd',
  'conversion.recorded',
  'activity.changed',
  'commission.created',
  'commission.approved',
  'click.recorded',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export function webhookDetails(webhook: WebhookConfig): string {
  return renderDetails([
    ['ID', webhook.id],
    ['Name', webhook.name],
    ['URL', webhook.url],
    ['Events', webhook.events.join(', ')],
    ['Status', webhook.status],
    ['Consecutive failures', webhook.consecutiveFailures],
    ...(webhook.secret ? ([['Secret', webhook.secret]] as Array<[string, string]>) : []),
    ['Secret rotated', webhook.secretRotatedAt ?? ''],
    ['Disabled at', webhook.disabledAt ?? ''],
    ['Created', webhook.createdAt ?? ''],
  ])
}

/** The exact request and response of the test tool. */
export function testResultDetails(result: PostbackTestResult): string {
  return renderDetails([
    ['Request', `${result.request.method} ${result.request.url}`],
    ...(result.request.body ? ([['Body', result.request.body]] as Array<[string, string]>) : []),
    ['Outcome', result.response.ok ? 'success' : 'failure'],
    ['HTTP status', result.response.statusCode ?? '-'],
    ['Latency (ms)', result.response.latencyMs],
    ['Error', result.response.error ?? ''],
    ['Response', result.response.body ?? ''],
  ])
}

export const ATTEMPT_COLUMNS: Column<PostbackAttempt>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'TIME', value: (row) => row.createdAt },
  { header: 'EVENT', value: (row) => row.event },
  { header: '#', value: (row) => row.attempt },
  { header: 'OUTCOME', value: (row) => row.outcome },
  { header: 'HTTP', value: (row) => row.statusCode ?? row.error ?? '' },
  { header: 'MS', value: (row) => row.latencyMs },
  { header: 'URL', value: (row) => row.url },
]

export const DEAD_LETTER_COLUMNS: Column<PostbackDelivery>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'CREATED', value: (row) => row.createdAt },
  { header: 'EVENT', value: (row) => row.event },
  { header: 'TARGET', value: (row) => row.postbackId ?? row.webhookId },
  { header: 'ATTEMPTS', value: (row) => row.attempts },
  { header: 'LAST', value: (row) => row.lastStatusCode ?? row.lastError ?? '' },
  { header: 'EVENT ID', value: (row) => row.eventId },
]

/** The JSON `filter` of a list query, without the flags left unset. */
export function filterOf(values: Record<string, string | number | undefined>): string | undefined {
  const set = Object.entries(values).filter(([, value]) => value !== undefined)
  return set.length ? JSON.stringify(Object.fromEntries(set)) : undefined
}
