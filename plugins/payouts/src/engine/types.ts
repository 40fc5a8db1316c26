/*
 * The engine's contract: what the customers plugin and the ledger hand in, and the rows the
 * engine hands back. Plain data only (ids are numbers, amounts decimal strings, dates
 * `YYYY-MM-DD` in the organisation's zone, instants ISO 8601 with an offset), so that the
 * ledger can store inputs and rows as they are and replay them.
 */
import type { Amount } from './money.js'
import type { FormulaVersion } from './formula.js'
import type { LocalDate, PeriodKey, PeriodSetting, PeriodState } from './periods.js'
import type { Goal, PayoutFields, PayoutPlan } from './plan.js'

export type { Amount, FormulaVersion, LocalDate, PeriodKey, PeriodSetting, PeriodState }

/** ISO 8601 instant with its offset, e.g. `2026-01-31T23:30:00Z`. */
export type Instant = string
/** ISO 4217 code, upper case. */
export type Currency = string

export interface OrganizationInput {
  timeZone: string
  period: PeriodSetting
  periods: PeriodState
  /**
   * When each closed period was closed: a fraud mark after that instant does not change what
   * the period's close counted (its rows are clawed back instead). Missing: treated as before any mark.
   */
  closedAt?: Record<PeriodKey, Instant>
}

export interface BrandInput {
  id: number
  /** The formulas in force now (open periods and ngr rules use them). */
  formula: FormulaVersion
  /** Every earlier version still named by a closed period. */
  formulaVersions?: FormulaVersion[]
  /** The version each closed period was closed with (closed periods keep theirs). */
  closedPeriodFormulas?: Record<PeriodKey, number>
}

export interface CampaignInput {
  id: number
  brandId: number
  currency: Currency
  plan: PayoutPlan
  /** Per affiliate id: its payout on this campaign (null fields do not override). */
  affiliatePayouts?: Record<number, PayoutFields>
  /** Per group id: the group's payout on this campaign. */
  groupPayouts?: Record<number, PayoutFields>
}

export interface AffiliateInput {
  id: number
  primaryGroupId: number | null
  /** The affiliate's negative-carryover flag (§9). */
  negativeCarryover: boolean
  /** Who referred this affiliate (level 1 of its referral chain). */
  referredBy: number | null
}

export interface ActivityInput {
  /** The row's key: `txn_id` when given, else `cuid|date` (what the customers plugin stores). */
  id: string
  date: LocalDate
  currency: Currency
  deposits?: Amount
  depositCount?: number
  /** Only read on the customer's FTD row: the FTD amount, else its deposits. */
  ftdAmount?: Amount | null
  withdrawals?: Amount
  bets?: Amount
  wins?: Amount
  bonuses?: Amount
  chargebacks?: Amount
  fees?: Amount
  jackpot?: Amount
  adjustments?: Amount
}

/** The conversion-cap events the customers plugin found over a cap (`reject_activity`). */
export type CapDenial =
  { variable: 'leads' } | { variable: 'ftd' } | { variable: 'c_deposit' } | { variable: 'deposits'; activityId: string }

export interface CustomerInput {
  /** The customer's id (unique in the organisation). */
  id: number
  brandId: number
  /** The campaign it was attributed to (null: organic, earns nothing). */
  campaignId: number | null
  /** The affiliate it was attributed to at registration (null: organic). */
  affiliateId: number | null
  registeredAt: Instant
  /**
   * The local registration date as recorded (optional): when the organisation's time zone
   * changes, the ledger re-dates only customers of open periods and passes the others' dates here.
   */
  registeredOn?: LocalDate
  country: string | null
  /** Reassignments (§2): from `effectiveDate` on, activity earns for `affiliateId`. */
  reassignments?: Array<{ affiliateId: number; effectiveDate: LocalDate }>
  /** The activity row that is the customer's FTD, fixed by the customers plugin (§3). */
  ftdActivityId: string | null
  /** Qualification dates already recorded by the ledger (never un-qualified, §7). */
  qualified?: { cpa?: LocalDate; cumulativeDeposit?: LocalDate }
  /** Set once the customer (or any of its activity) is marked fraud; cannot be undone. */
  fraud?: {
    markedAt: Instant
    /**
     * Keys of the customer's rows that earned before the mark (created not denied), and
     * `ftd` when its FTD was found before the mark: they keep counting in tiers (a denial
     * after pricing does not re-rank, §12).
     */
    earnedBefore: string[]
  } | null
  capDenials?: CapDenial[]
  activity: ActivityInput[]
}

/** Clicks with outcome `redirect`, not fraud-marked, counted per affiliate × campaign × local date. */
export interface ClickCount {
  affiliateId: number
  campaignId: number
  date: LocalDate
  count: number
}

/** A rate lookup: how many `to` one `from` buys on `date`; null when the organisation has none. */
export type RateLookup = (from: Currency, to: Currency, date: LocalDate) => Amount | null

export interface EngineInput {
  organization: OrganizationInput
  brands: BrandInput[]
  campaigns: CampaignInput[]
  affiliates: AffiliateInput[]
  customers: CustomerInput[]
  clicks?: ClickCount[]
  rates: RateLookup
  /**
   * Periods to compute as final (closed, or being closed now): whole-mode tiers get their
   * true-up row. Default: the closed periods.
   */
  finalThrough?: PeriodKey | null
}

export const ROW_TYPES = [
  'registration',
  'cpa',
  'deposit_cpa',
  'cumulative_deposit',
  'cpc',
  'revshare',
  'correction',
  'clawback',
  'carryover',
  'referral',
] as const
export type RowType = (typeof ROW_TYPES)[number]

/** Rows of CPA origin: the ones a fraud mark claws back from closed periods. */
export const CPA_ORIGIN_TYPES: ReadonlySet<RowType> = new Set([
  'registration',
  'cpa',
  'deposit_cpa',
  'cumulative_deposit',
])

export type EngineStatus = 'pending' | 'pending_fx' | 'denied'
export type RowStatus = EngineStatus | 'approved' | 'paid' | 'hold'
export type DenyReason = 'fraud' | 'cap_reached' | 'manual'

export interface FxUse {
  from: Currency
  to: Currency
  date: LocalDate
  /** Null: the rate is missing (the row waits). */
  rate: Amount | null
}

export interface Condition {
  /** `qftd`, `rule:<index>`, `cumulative_deposit`, `ftd`. */
  name: string
  variable?: Goal | 'deposits'
  operator?: string
  threshold?: Amount
  /** The value the condition saw on the qualifying date. */
  value?: Amount
  numberOfDays?: number | null
}

/** What made a row (§11): enough to recompute it by hand. */
export interface Explanation {
  type: RowType
  customerId?: number
  activityIds?: string[]
  clicks?: number
  /** The amounts the row was computed from, in the row's currency, exact. */
  basis?: Record<string, Amount>
  /** The plan fields used and where each came from. */
  fields?: Record<string, { value: Amount; source: string }>
  currency: Currency
  fx?: FxUse[]
  planVersion?: number
  formulaVersion?: number
  goal?: Goal | null
  conditions?: Condition[]
  qualifiedOn?: LocalDate
  covered?: boolean
  tier?: {
    mode: 'marginal' | 'whole'
    /** The count the tier was read at (the k-th event, or the period's count). */
    count: number
    from: number | null
    payout: Amount | null
    /** Whole mode in a final period: the tier of the period's final count. */
    finalCount?: number
    finalPayout?: Amount | null
  }
  /** Referral rows. */
  level?: number
  referredAffiliateId?: number
  method?: 'ngr' | 'payout'
  percent?: Amount
  /** Corrections and clawbacks: what they correct. */
  corrects?: { key: string; type: RowType; period: PeriodKey }
  accounted?: Amount
  target?: Amount | null
  /** Carryover rows. */
  carry?: { r: Amount; carryIn: Amount; carryOut: Amount; flag: boolean }
  /** Stable codes, e.g. `formula.division_by_zero:<activity id>:ngr`, `outside_coverage`. */
  notes?: string[]
  /** The arithmetic, e.g. `10 % × 250.00 + 0 % × 0 = 25.00`. */
  computation?: string
}

/** One row the engine wants to exist. */
export interface DesiredRow {
  /** Deterministic: the same inputs give the same key (the ledger's unique key). */
  key: string
  type: RowType
  /** The period the row belongs to (its own date's period; corrections: where they are posted). */
  period: PeriodKey
  date: LocalDate
  affiliateId: number
  campaignId: number | null
  brandId: number | null
  customerId: number | null
  currency: Currency
  /** Rounded to 2 decimals; null while it waits for a rate (`pending_fx`). */
  amount: Amount | null
  status: EngineStatus
  denyReason: DenyReason | null
  /** Whole-mode tiers in a final period: the amount at the final tier (what a clawback takes back). */
  finalAmount?: Amount | null
  /** RevShare of a period that is not final yet: its amount moves until the close. */
  provisional?: boolean
  /** Counted in its tier (cpa, cumulative_deposit): an event that earned. */
  counted?: boolean
  explanation: Explanation
}

/** A row as the ledger recorded it (what the diff compares with). */
export interface RecordedRow {
  key: string
  type: RowType
  period: PeriodKey
  date: LocalDate
  affiliateId: number
  campaignId: number | null
  brandId: number | null
  customerId: number | null
  currency: Currency
  amount: Amount | null
  status: RowStatus
  denyReason: DenyReason | null
  finalAmount?: Amount | null
  provisional?: boolean
  /** Corrections and clawbacks: the row they correct. */
  corrects?: { key: string; type: RowType; period: PeriodKey } | null
  /** A pending_fx row of a closed period: the correction row that priced it. */
  pricedBy?: string | null
  explanation: Explanation
}

export interface NgrShare {
  customerId: number
  affiliateId: number
  currency: Currency
  period: PeriodKey
  ngr: Amount | null
}

export interface EngineOutput {
  rows: DesiredRow[]
  /** Qualification dates found (the ledger records them so they never move later). */
  qualifications: Array<{ customerId: number; kind: 'cpa' | 'cumulativeDeposit'; date: LocalDate }>
  /**
   * Per customer × affiliate × period: the NGR of its activity in the campaign's currency
   * (the referral `ngr` basis; null while a rate is missing). Attributed non-fraud customers only.
   */
  ngr: NgrShare[]
  /** Customers whose qualification waits for a rate. */
  waitingForRates: Array<{ customerId: number; missing: FxUse[] }>
}

export type { Goal, PayoutPlan }
