/* Field lists and limits of customers, activity and conversions (COMMISSIONS §2, §3). */

/** Money columns of an activity row (numeric(20, 6): up to 14 integer digits and 6 decimals). */
export const AMOUNT_FIELDS = [
  'deposits',
  'ftd_amount',
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

/** Amounts that may be negative (COMMISSIONS §12: adjustments and chargebacks). */
export const SIGNED_AMOUNTS: ReadonlySet<AmountField> = new Set(['adjustments', 'chargebacks'])

export const COUNT_FIELDS = ['deposit_count', 'bet_count'] as const
export type CountField = (typeof COUNT_FIELDS)[number]

/** b1…b9: the operator's own tracking parameters. */
export const B_FIELDS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'] as const

/** Columns of a customer (registration) row: the spec's CSV columns plus campaign_id, pub_id and brand_id. */
export const CUSTOMER_COLUMNS = [
  'cuid',
  'cu_name',
  'email',
  'ip',
  'date',
  'curr',
  'country',
  'cid',
  'coupon',
  ...B_FIELDS,
  'campaign_id',
  'pub_id',
  'brand_id',
] as const

/** Columns of an activity row. */
export const ACTIVITY_COLUMNS = [
  'cuid',
  'date',
  'txn_id',
  'curr',
  'deposits',
  'deposit_count',
  'ftd',
  'ftd_amount',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'adjustments',
  'bet_count',
  'brand_id',
] as const

export const ATTRIBUTION_SOURCES = ['click', 'promo_code', 'explicit', 'none'] as const
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number]
export const CUSTOMER_STATUSES = ['active', 'fraud'] as const
export const CONVERSION_TYPES = ['registration', 'ftd', 'deposit', 'c_deposit'] as const
export type ConversionType = (typeof CONVERSION_TYPES)[number]
export const CAP_STATUSES = ['none', 'counted', 'denied'] as const
export const INGEST_SOURCES = ['api', 'postback', 'csv', 'seed'] as const
export type IngestSource = (typeof INGEST_SOURCES)[number]

/** Most rows one batch call may send. */
export const MAX_BATCH_ROWS = 10_000
/** Spec §9: bet counts exist only for activity dated after 29 April 2025. */
export const BET_COUNT_SINCE = '2025-04-29'
/** COMMISSIONS §12: a registration more than 5 minutes in the future is refused. */
export const REGISTRATION_FUTURE_SLACK_MS = 5 * 60_000
/** Activity may be dated at most this many days after today (time-zone slack); later is refused. */
export const ACTIVITY_FUTURE_DAYS = 1
/** Nothing is dated before this day. */
export const EARLIEST_DATE = '2000-01-01'
