/* The clicks of GET /api/v1/tracking/clicks as the screen shows them. */
export const CLICKS_API = '/api/v1/tracking/clicks'

export const OUTCOMES = ['redirect', 'fallback', 'rejected'] as const
export const REASONS = [
  'paused',
  'disabled',
  'expired',
  'cap_reached',
  'targeting',
  'blocked_affiliate',
  'not_approved',
  'fraud_block',
  'unknown_affiliate',
  'unknown_campaign',
] as const

/** Reasons that are fraud verdicts: shown only to readers of the fraud rules (the API nulls them for others). */
export const FRAUD_REASONS: ReadonlySet<string> = new Set(['fraud_block'])

/** The status whose colour an outcome wears (the shell's status tags): sent on, sent to the fallback, refused. */
export const OUTCOME_STATUS: Record<string, string> = {
  redirect: 'success',
  fallback: 'pending',
  rejected: 'rejected',
}

export interface Click {
  id: string
  clickId: string
  createdAt: string
  campaignId: number | null
  brandId: number | null
  affiliateId: number | null
  outcome: (typeof OUTCOMES)[number]
  reason: (typeof REASONS)[number] | null
  ip: string
  country: string | null
  device: string | null
  os: string | null
  browser: string | null
  language: string | null
  userAgent: string | null
  referrer: string | null
  source: string | null
  params: Record<string, string>
  deepLinkUrl: string | null
  urlIgnored: boolean
  destination: string | null
  fraudAction: 'mark' | 'block' | null
  fraud: { ruleIds: number[]; reasons: string[] } | null
}

/** A day picked in the "to" filter includes that whole day (the API compares instants). */
export function endOfDay(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value
}

/** The "from" filter starts at the beginning of the picked day. */
export function startOfDay(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value
}
