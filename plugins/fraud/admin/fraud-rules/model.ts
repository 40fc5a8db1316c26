/* Anti-fraud rule form: the server's enums and the body (the type's own lists only, a selection's ids only when it is include/exclude). */
export const FRAUD_ACTIONS = ['mark', 'block'] as const
export const FRAUD_TYPES = ['data_center', 'blacklist', 'device', 'proxy'] as const
export const FRAUD_STATUSES = ['active', 'inactive'] as const
export const SELECTIONS = ['all', 'include', 'exclude'] as const
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'bot'] as const
export const OS_NAMES = ['windows', 'macos', 'linux', 'android', 'ios', 'chromeos', 'other'] as const

export const choices = (prefix: string, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }))

const lines = (value: unknown) =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\n,]/) : [])
    .map((entry) => String(entry).trim())
    .filter(Boolean)

export function toFraudRulePayload(data: Record<string, any>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    action: data.action,
    type: data.type,
    status: data.status,
  }
  for (const target of ['brand', 'affiliate', 'campaign'] as const) {
    const selection = data[`${target}Selection`] ?? 'all'
    body[`${target}Selection`] = selection
    body[`${target}Ids`] = selection === 'all' ? [] : (data[`${target}Ids`] ?? [])
  }
  body.ips = data.type === 'blacklist' ? lines(data.ips) : []
  body.userAgents = data.type === 'blacklist' ? lines(data.userAgents) : []
  body.devices = data.type === 'device' ? (data.devices ?? []) : []
  body.os = data.type === 'device' ? (data.os ?? []) : []
  return body
}
