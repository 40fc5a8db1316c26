/* The customers API as the screens use it (GET /api/v1/customers/…; docs/customers.md). */
export const CUSTOMERS_API = '/api/v1/customers/customers'
export const ACTIVITY_API = '/api/v1/customers/activity'
export const CONVERSIONS_API = '/api/v1/customers/conversions'
export const FX_RATES_API = '/api/v1/customers/fx-rates'
export const POSTBACK_API = '/api/v1/customers/postback'
export const POSTBACK_LOG_API = '/api/v1/customers/postback-log'

/** The record page of a customer (spec §2). */
export const customerDetailsPath = (customerId: number | string) => `/engagements/customer-details/${customerId}`

export const CUSTOMER_STATUSES = ['active', 'fraud'] as const
export const ATTRIBUTION_SOURCES = ['click', 'promo_code', 'explicit', 'none'] as const
export const CONVERSION_TYPES = ['registration', 'ftd', 'deposit', 'c_deposit'] as const
export const CAP_STATUSES = ['none', 'counted', 'denied'] as const
export const POSTBACK_OUTCOMES = ['created', 'updated', 'duplicate', 'error'] as const
export const POSTBACK_EVENTS = ['registration', 'ftd', 'deposit', 'activity'] as const

/** The money columns of an activity row, as the API names them. */
export const AMOUNT_FIELDS = [
  'deposits',
  'ftdAmount',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'adjustments',
] as const
export type AmountField = (typeof AMOUNT_FIELDS)[number]

/** Spec §9: bet counts exist only for activity dated after 29 April 2025. */
export const BET_COUNT_SINCE = '2025-04-29'
/** Whether a row of that date (YYYY-MM-DD) may show its bet count. */
export const showsBetCount = (date: string | null | undefined) => Boolean(date && date.slice(0, 10) > BET_COUNT_SINCE)

export interface AttributionFailure {
  rule: 'click' | 'promo_code' | 'explicit'
  reason: string
  message: string
}

export interface Customer {
  id: number
  cuid: string
  brandId: number
  campaignId: number | null
  affiliateId: number | null
  registeredAt: string
  registeredOn?: string
  country: string | null
  currency: string | null
  status: (typeof CUSTOMER_STATUSES)[number]
  attributionSource: (typeof ATTRIBUTION_SOURCES)[number]
  attributionFailures?: AttributionFailure[]
  clickId?: string | null
  promoCodeId?: number | null
  ftdDate?: string | null
  fraudMarkedAt?: string | null
  fraudReason?: string | null
  cuName?: string | null
  email?: string | null
  ip?: string | null
  coupon?: string | null
  requestedCampaignId?: number | null
  requestedPubId?: number | null
  source?: string
  [bField: `b${number}`]: string | null | undefined
}

export type Amounts = Record<AmountField, string>

export interface ActivityDay extends Partial<Amounts> {
  date: string
  currency: string
  rows: number
  depositCount: number
  betCount: number | null
  isFtd: boolean
}

export interface CustomerClick {
  clickId: string
  createdAt: string
  campaignId: number | null
  affiliateId: number | null
  outcome: string
  reason: string | null
  ip: string
  country: string | null
  device: string | null
  os: string | null
  browser: string | null
  source: string | null
}

export interface Conversion {
  id: number
  customerId: number
  cuid: string | null
  brandId: number
  campaignId: number | null
  affiliateId: number | null
  type: (typeof CONVERSION_TYPES)[number]
  date: string
  amount: string | null
  currency: string | null
  capStatus: (typeof CAP_STATUSES)[number]
  capAction: string | null
}

export interface Reassignment {
  id: number
  fromAffiliateId: number | null
  toAffiliateId: number
  effectiveDate: string
  reason: string | null
  actorId: number | null
  createdAt: string
}

export interface CustomerDetail {
  customer: Customer
  attribution: {
    source: Customer['attributionSource']
    campaignId: number | null
    affiliateId: number | null
    clickId: string | null
    promoCodeId: number | null
    failures: AttributionFailure[]
  }
  ftd: { activityId: number; date: string; amount: string; currency: string } | null
  fraud: { markedAt: string; markedBy: number | null; reason: string | null } | null
  clicks: CustomerClick[]
  activityByDay: ActivityDay[]
  conversions: Conversion[]
  reassignments: Reassignment[]
}

export interface Activity extends Partial<Amounts> {
  id: number
  customerId: number
  cuid: string | null
  brandId: number
  campaignId: number | null
  affiliateId: number | null
  date: string
  txnId: string | null
  currency: string
  depositCount: number
  betCount: number | null
  isFtd: boolean
  fraud: boolean
  version: number
  source: string
}

export interface PostbackInfo {
  url: string
  events?: string[]
  configured: boolean
  secretHint: string | null
  createdAt: string | null
  rotatedAt: string | null
  /** Only in the answer that created it. */
  secret?: string
  example?: string
}

export interface PostbackLogEntry {
  id: number
  receivedAt: string
  sourceIp: string
  method: string
  event: string | null
  params: Record<string, string>
  outcome: (typeof POSTBACK_OUTCOMES)[number]
  status: number
  message: string | null
  cuid: string | null
  txnId: string | null
  customerId: number | null
}

export interface FxRate {
  id: string
  from: string
  to: string
  date: string
  rate: string
}

/** Today in the browser's calendar as YYYY-MM-DD (the server checks against the organisation's zone). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 10)
}

/** The operator's own tracking parameters, shown when present. */
export const B_FIELDS_SHOWN = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] as const
