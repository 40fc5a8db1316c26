/*
 * Which new activity must reach the ledger at once (docs/commissions.md "How rows appear").
 * CPA rows appear within seconds of the ingest; RevShare rows are provisional until the
 * close. Most activity can move nothing but a provisional RevShare row (and the NGR shares a
 * close reads): a player of a RevShare or CPC campaign, a registration CPA, a row without
 * deposits for a player still without its FTD, a row dated after the qualification. Those
 * customers are marked `deferred` — recomputed a few seconds later, one computation for a
 * whole burst of batches — and every other customer at once. A deferred customer is always
 * recomputed in full (before any close too), so the rows never depend on this choice: only
 * when a provisional amount is refreshed does. When in doubt, a customer is computed at once.
 */
import db from '@adonisjs/lucid/services/db'
import {
  activityFactsByIds,
  CHANGE_FLAGS,
  customersByIds,
  type ActivityChanged,
  type ActivityFact,
  type CustomerRecord,
} from '@affix/customers/contracts'
import { payoutPlans, type CampaignPayout } from '@affix/campaigns/contracts'
import { Calendar, daysBetween, isCovered, type PayoutPlan } from '../engine/index.js'
import { markDeferred, markDirty } from './recompute.js'
import { ledgerState } from './state.js'

/** What the ledger knows of a customer's CPA state when its activity changes. */
export interface ActivityRoute {
  customer: CustomerRecord | undefined
  campaign: CampaignPayout | undefined
  /** The new or corrected activity rows of this change, for this customer. */
  rows: ActivityFact[]
  corrected: boolean
  ftdFixed: boolean
  /** Recorded qualification dates (`cpa`, `cumulativeDeposit`). */
  qualified: { cpa?: string; cumulativeDeposit?: string }
  /** The recorded CPA row says its qualification date is a recorded one, not the computed one. */
  recordedQualification: { cpa?: boolean; cumulativeDeposit?: boolean }
}

export interface LedgerPeriods {
  calendar: Calendar
  firstPeriod: string | null
  lastClosed: string | null
}

const nonZero = (amount: string | undefined) => amount !== undefined && !/^[+-]?0*\.?0*$/.test(amount)
const moves = (row: ActivityFact) => nonZero(row.amounts.deposits) || row.depositCount !== 0

/** True when a per-deposit field is set on the plan or any override (an affiliate's or group's payout). */
function anyField(campaign: CampaignPayout, field: 'cpaDP' | 'cpaPayout') {
  const set = (value: string | null | undefined) => value !== null && value !== undefined && nonZero(value)
  return (
    set(campaign.plan[field]) ||
    Object.values(campaign.affiliatePayouts).some((fields) => set(fields[field])) ||
    Object.values(campaign.groupPayouts).some((fields) => set(fields[field]))
  )
}

/**
 * Which deposits a qualification's conditions count: none (`null`: the conditions read no
 * deposits — an FTD amount is fixed once, a registration is one), or those dated within
 * `days` of the registration (the longest window; `null` when a condition has no window).
 */
type DepositReads = { days: number | null } | null

function depositReads(windows: Array<number | null>): DepositReads {
  if (!windows.length) return null
  if (windows.some((days) => days === null)) return { days: null }
  return { days: Math.max(...(windows as number[])) }
}

/**
 * A qualification (the goal CPA, or the cumulative deposit) that new rows cannot move: the
 * recorded date stands (and is the computed one), and every row is dated after it; or the
 * rows carry nothing the conditions measure (no deposits, or deposits dated after every
 * condition's window).
 */
function qualificationStands(
  route: ActivityRoute,
  kind: 'cpa' | 'cumulativeDeposit',
  readsEveryRow: boolean,
  needsFtd: boolean,
  deposits: DepositReads
): boolean {
  const date = route.qualified[kind]
  if (date !== undefined && !route.recordedQualification[kind]) return route.rows.every((row) => row.date > date)
  if (date !== undefined) return false
  // Not qualified yet: goal ftd cannot qualify without an FTD (and a new FTD is urgent anyway).
  if (needsFtd && route.customer!.ftdActivityId === null) return true
  if (readsEveryRow) return false
  if (deposits === null) return true
  const { days } = deposits
  const registeredOn = route.customer!.registeredOn
  return !route.rows.some((row) => moves(row) && (days === null || daysBetween(registeredOn, row.date) <= days))
}

/** True when this activity change can only move provisional RevShare for the customer. */
export function onlyProvisional(route: ActivityRoute, periods: LedgerPeriods): boolean {
  const { customer, campaign } = route
  if (!customer || route.corrected || route.ftdFixed || customer.status === 'fraud') return false
  // Dates before the first period or in a closed one: the first period moves, or a correction is posted.
  for (const row of route.rows) {
    const period = periods.calendar.periodKeyOf(row.date)
    if (periods.firstPeriod === null || period < periods.firstPeriod) return false
    if (periods.lastClosed !== null && period <= periods.lastClosed) return false
  }
  // Organic, or a campaign without a plan: nothing earns.
  if (customer.campaignId === null || !campaign) return true
  const plan = campaign.plan
  if (plan.model === 'cpc' || plan.model === 'cps') return true
  const covered = isCovered(plan as unknown as PayoutPlan, customer.country)
  if (plan.model === 'cumulative_deposit')
    return (
      !covered ||
      plan.cumulativeDeposit === null ||
      qualificationStands(route, 'cumulativeDeposit', false, false, depositReads([plan.numberOfDays]))
    )
  // cpa and hybrid.
  const deposits = route.rows.some((row) => row.depositCount > 0)
  if (deposits && covered && anyField(campaign, 'cpaDP')) return false
  const goal = plan.goal
  if (goal === null || goal === 'leads') return true
  const pays = covered || (plan.defaultPayout !== null && nonZero(plan.defaultPayout))
  if (!pays) return true
  if (goal === 'd') return !deposits
  if (goal === 'ngr') return qualificationStands(route, 'cpa', true, false, null)
  if (goal === 'c_deposit')
    return (
      plan.cumulativeDeposit === null ||
      qualificationStands(route, 'cpa', false, false, depositReads([plan.numberOfDays]))
    )
  // ftd: a rule on NGR reads every row; the QFTD and rules on cumulative deposits or the
  // deposit count read deposits within their windows; rules on the FTD amount (fixed once)
  // or leads read nothing new.
  const readsNgr = plan.rules.some((rule) => rule.variable === 'ngr')
  const windows: Array<number | null> = plan.rules
    .filter((rule) => rule.variable === 'c_deposit' || rule.variable === 'd')
    .map((rule) => rule.numberOfDays)
  if (plan.qftd && plan.qftd.minDeposit !== null) windows.push(plan.qftd.daysSinceRegistration)
  return qualificationStands(route, 'cpa', readsNgr, true, depositReads(windows))
}

/**
 * The change as the event summarises it (one entry per customer: the earliest date of its rows,
 * and whether one has deposits or a deposit count), as one fact per customer: for what
 * `onlyProvisional` asks of a customer's rows (is every date after X, does one carry deposits
 * or a count) the summary answers exactly as the rows would.
 */
function summaryFacts(event: ActivityChanged): ActivityFact[] {
  return event.customerIds.map((customerId, index) => {
    const flags = event.customerFlags![index]
    return {
      id: 0,
      customerId,
      date: event.customerFrom![index],
      depositCount: flags & CHANGE_FLAGS.depositCount ? 1 : 0,
      amounts: { deposits: flags & CHANGE_FLAGS.deposits ? '1' : '0' },
    }
  })
}

/** Customers with a corrected row in the change: from the summary, else from the corrected rows. */
function correctedCustomers(event: ActivityChanged, rows: ActivityFact[]): Set<number> {
  if (event.customerFlags)
    return new Set(event.customerIds.filter((_, index) => event.customerFlags![index] & CHANGE_FLAGS.corrected))
  const correctedIds = new Set(event.correctedIds)
  return new Set(rows.filter((row) => correctedIds.has(row.id)).map((row) => row.customerId))
}

/**
 * The activityChanged listener: reads the change (its rows, customers, plans and the ledger's
 * qualification records), marks at once the customers whose CPA rows may move and defers the
 * others.
 */
export async function routeActivityChange(event: ActivityChanged) {
  const { organizationId } = event
  const customerIds = [...new Set(event.customerIds)]
  if (!customerIds.length) return
  const [records, rows] = await Promise.all([
    customersByIds(organizationId, customerIds),
    event.customerFrom && event.customerFlags
      ? summaryFacts(event)
      : activityFactsByIds(organizationId, event.activityIds),
  ])
  const campaigns = await payoutPlans(organizationId, [
    ...new Set(records.map((record) => record.campaignId).filter((id): id is number => id !== null)),
  ])
  const [qualifications, recorded, state] = await Promise.all([
    db.rawQuery(
      `SELECT customer_id, kind, date::text AS date FROM payouts_qualifications
        WHERE organization_id = ? AND customer_id = ANY(?::bigint[])`,
      [organizationId, customerIds]
    ),
    // The rare CPA rows whose qualification date is a recorded one (a correction moved the data since).
    db.rawQuery(
      `SELECT customer_id, type FROM payouts_rows
        WHERE organization_id = ? AND customer_id = ANY(?::bigint[]) AND type IN ('cpa', 'cumulative_deposit')
          AND explanation::text LIKE '%qualification_recorded%'`,
      [organizationId, customerIds]
    ),
    db.transaction((trx) => ledgerState(trx, organizationId)),
  ])
  const customers = new Map(records.map((record) => [record.id, record]))
  const byCustomer = new Map<number, ActivityFact[]>()
  for (const row of rows) {
    const list = byCustomer.get(row.customerId)
    if (list) list.push(row)
    else byCustomer.set(row.customerId, [row])
  }
  const corrected = correctedCustomers(event, rows)
  const ftdFixed = new Set(event.ftdCustomerIds)
  const qualified = new Map<number, ActivityRoute['qualified']>()
  for (const row of qualifications.rows as any[]) {
    const entry = qualified.get(Number(row.customer_id)) ?? {}
    entry[row.kind as 'cpa' | 'cumulativeDeposit'] = String(row.date).slice(0, 10)
    qualified.set(Number(row.customer_id), entry)
  }
  const recordedQualification = new Map<number, ActivityRoute['recordedQualification']>()
  for (const row of recorded.rows as any[]) {
    const entry = recordedQualification.get(Number(row.customer_id)) ?? {}
    entry[row.type === 'cpa' ? 'cpa' : 'cumulativeDeposit'] = true
    recordedQualification.set(Number(row.customer_id), entry)
  }
  const periods: LedgerPeriods = {
    calendar: state.calendar,
    firstPeriod: state.firstPeriod,
    lastClosed: state.lastClosed,
  }
  const now: number[] = []
  const later: number[] = []
  for (const customerId of customerIds) {
    const customer = customers.get(customerId)
    const own = byCustomer.get(customerId) ?? []
    const route: ActivityRoute = {
      customer,
      campaign: customer?.campaignId === null || !customer ? undefined : campaigns.get(customer.campaignId),
      rows: own,
      corrected: corrected.has(customerId),
      ftdFixed: ftdFixed.has(customerId),
      qualified: qualified.get(customerId) ?? {},
      recordedQualification: recordedQualification.get(customerId) ?? {},
    }
    // A customer the change names without a row of it (should not happen): computed at once.
    if (own.length && onlyProvisional(route, periods)) later.push(customerId)
    else now.push(customerId)
  }
  await markDirty(organizationId, now)
  await markDeferred(organizationId, later)
}
