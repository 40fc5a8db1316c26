/*
 * The test tool: one labelled test event (`test: "1"`, sample values) sent at once to a URL,
 * answered with the exact request and response. It writes a finished delivery and its
 * attempt so the log shows it, and nothing else: no customer, conversion or commission.
 */
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { buildRequest } from './deliver.js'
import { send } from './http.js'
import { maskUrl } from './macros.js'

export interface TestInput {
  kind: 'postback' | 'webhook'
  targetId: number | null
  affiliateId: number | null
  url: string
  method: 'get' | 'post'
  secret: string | null
  event: string
}

export function sampleValues(event: string, affiliateId: number | null): Record<string, string> {
  return {
    test: '1',
    event,
    click_id: '00000000-0000-4000-8000-000000000000',
    ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`p${index + 1}`, `p${index + 1}-test`])),
    ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`sub${index + 1}`, `sub${index + 1}-test`])),
    source: 'test',
    campaign_id: '0',
    pub_id: String(affiliateId ?? 0),
    customer_id: 'TEST-CUSTOMER',
    amount: '100.00',
    payout: '25.00',
    currency: 'USD',
    txn_id: 'TEST-TXN',
  }
}

export async function runTest(organizationId: number, input: TestInput) {
  const eventId = randomUUID()
  const values = sampleValues(input.event, input.affiliateId)
  const outgoing = buildRequest(
    { kind: input.kind, url: input.url, method: input.method, secret: input.secret },
    { event: input.event, event_id: eventId, values }
  )
  const outcome = await send(outgoing)
  const now = new Date()
  await db.transaction(async (trx) => {
    const [delivery] = await trx
      .insertQuery()
      .table('postback_deliveries')
      .insert({
        organization_id: organizationId,
        kind: input.kind,
        postback_id: input.kind === 'postback' ? input.targetId : null,
        webhook_id: input.kind === 'webhook' ? input.targetId : null,
        affiliate_id: input.affiliateId,
        event: `test.${input.event}`,
        event_id: eventId,
        values: JSON.stringify(values),
        status: outcome.ok ? 'delivered' : 'dead',
        attempts: 1,
        round_attempts: 1,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        delivered_at: outcome.ok ? now : null,
      })
      .returning(['id'])
    await trx
      .insertQuery()
      .table('postback_attempts')
      .insert({
        organization_id: organizationId,
        delivery_id: delivery.id,
        kind: input.kind,
        postback_id: input.kind === 'postback' ? input.targetId : null,
        webhook_id: input.kind === 'webhook' ? input.targetId : null,
        affiliate_id: input.affiliateId,
        attempt: 1,
        event: `test.${input.event}`,
        event_id: eventId,
        method: outgoing.method,
        url: maskUrl(outgoing.url),
        outcome: outcome.ok ? 'success' : 'failure',
        status_code: outcome.statusCode,
        error: outcome.error,
        latency_ms: outcome.latencyMs,
        response_excerpt: outcome.excerpt,
        created_at: now,
      })
  })
  return {
    request: { method: outgoing.method, url: outgoing.url, headers: outgoing.headers, body: outgoing.body ?? null },
    response: {
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
      headers: outcome.headers,
      body: outcome.excerpt,
    },
  }
}
