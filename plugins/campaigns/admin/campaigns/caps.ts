/*
 * Caps (spec §3 Cap, §5): value > 0, visibility, action and type required, at least one
 * limit, daily below 15-day and monthly, 15-day below monthly. Mirrors the server's check.
 */
export const CAP_VARIABLES = ['clicks', 'leads', 'ftd', 'deposits', 'c_deposit'] as const
export const CAP_TYPES = ['combined', 'each_affiliate'] as const
export const CAP_VISIBILITIES = ['public', 'private'] as const
export const CAP_ACTIONS = ['reject_activity', 'pause_campaign', 'disable_campaign'] as const
export const CAP_PERIODS = ['hourly', 'daily', 'fifteenDays', 'monthly', 'lifetime'] as const
export type CapPeriod = (typeof CAP_PERIODS)[number]

export interface CapForm {
  id?: number
  variable?: string
  type?: string
  visibility?: string
  action?: string
  limits?: Partial<Record<CapPeriod, number | string | null>>
}

const blank = (value: unknown) => value === undefined || value === null || value === ''

/** Errors keyed by field (`limits.daily`, `limits` for "at least one"), values are message keys. */
export function validateCap(cap: CapForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!cap.variable) errors.variable = 'campaigns.validation.variable_required'
  if (!cap.type) errors.type = 'campaigns.validation.required'
  if (!cap.visibility) errors.visibility = 'campaigns.validation.required'
  if (!cap.action) errors.action = 'campaigns.validation.required'
  const limits = cap.limits ?? {}
  const value = (period: CapPeriod) => (blank(limits[period]) ? null : Number(limits[period]))
  let any = false
  for (const period of CAP_PERIODS) {
    const number = value(period)
    if (number === null) continue
    any = true
    if (!Number.isFinite(number) || number <= 0 || !Number.isInteger(number))
      errors[`limits.${period}`] = 'campaigns.validation.cap_positive'
  }
  if (!any) errors.limits = 'campaigns.validation.cap_limit_required'
  const daily = value('daily')
  const fifteen = value('fifteenDays')
  const monthly = value('monthly')
  if (!errors['limits.daily'] && daily !== null) {
    if (fifteen !== null && daily >= fifteen) errors['limits.daily'] = 'campaigns.validation.cap_daily_below'
    else if (monthly !== null && daily >= monthly) errors['limits.daily'] = 'campaigns.validation.cap_daily_below'
  }
  if (!errors['limits.fifteenDays'] && fifteen !== null && monthly !== null && fifteen >= monthly)
    errors['limits.fifteenDays'] = 'campaigns.validation.cap_fifteen_below'
  return errors
}

/** The cap body: the filled limits only, as numbers. */
export function toCapPayload(cap: CapForm): Record<string, unknown> {
  const limits: Record<string, number> = {}
  for (const period of CAP_PERIODS) {
    const value = cap.limits?.[period]
    if (!blank(value)) limits[period] = Number(value)
  }
  return { variable: cap.variable, type: cap.type, visibility: cap.visibility, action: cap.action, limits }
}
