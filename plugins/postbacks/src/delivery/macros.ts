/*
 * Postback URL macros and the log's masking. A macro is `{name}`; an unknown one stays as
 * written (the receiver sees what the affiliate typed), a known one without a value is empty.
 */
import { createHash } from 'node:crypto'

export const POSTBACK_MACROS = [
  'click_id',
  ...Array.from({ length: 10 }, (_, index) => `p${index + 1}`),
  ...Array.from({ length: 10 }, (_, index) => `sub${index + 1}`),
  'source',
  'campaign_id',
  'pub_id',
  'customer_id',
  'event',
  'amount',
  'payout',
  'currency',
  'txn_id',
  'event_id',
]
const KNOWN = new Set(POSTBACK_MACROS)

export function expandMacros(template: string, values: Record<string, string | null | undefined>) {
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    KNOWN.has(name) ? encodeURIComponent(values[name] ?? '') : whole
  )
}

const SECRET_PARAM = /secret|token|key|pass|auth|sig|hash|api/i

/** The URL as the log shows it: credentials and secret-looking query values replaced by ***. */
export function maskUrl(raw: string) {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return raw.slice(0, 2000)
  }
  if (url.username) url.username = '***'
  if (url.password) url.password = '***'
  for (const name of [...url.searchParams.keys()])
    if (SECRET_PARAM.test(name) && name !== 'click_id') url.searchParams.set(name, '***')
  return url.toString().replaceAll('%2A%2A%2A', '***').slice(0, 2000)
}

/** A stable UUID for (organisation, target, event): re-sends and re-fan-outs carry the same one. */
export function eventIdFor(organizationId: number, kind: string, targetId: number, eventKey: string) {
  const hex = createHash('sha256').update(`${organizationId}:${kind}:${targetId}:${eventKey}`).digest('hex')
  // Shaped as a version-5-style UUID (variant bits set) so every UUID parser takes it.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
