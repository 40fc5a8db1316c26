/*
 * The engine's inputs, read through the other plugins' contracts (customers, campaigns,
 * affiliates, tracking) and the ledger's own tables (qualifications, fraud snapshots,
 * formula versions, closed periods). Nothing here computes money.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { mapCooperatively } from '@affix/core/kernel'
import {
  activityOfCustomers,
  capDenialsOf,
  customersByIds,
  fxRates,
  reassignmentsOf,
  type ActivityRecord,
  type CustomerRecord,
} from '@affix/customers/contracts'
import { payoutPlans, type CampaignPayout } from '@affix/campaigns/contracts'
import { affiliatesForCommissions } from '@affix/affiliates/contracts'
import type {
  AffiliateInput,
  BrandInput,
  CampaignInput,
  CapDenial,
  CustomerInput,
  EngineInput,
  FormulaVersion,
  LocalDate,
} from '../engine/index.js'
import type { LedgerState } from './state.js'

export interface LoadedCustomers {
  customers: CustomerInput[]
  records: CustomerRecord[]
  activity: Map<number, ActivityRecord[]>
  /** Each customer's new c_deposit facts need the campaign's currency. */
  campaigns: Map<number, CampaignPayout>
}

/** The formulas of the brands: the current version, every version a closed period kept. */
export async function brandInputs(
  trx: TransactionClientContract,
  state: LedgerState,
  brandIds: number[]
): Promise<BrandInput[]> {
  const ids = [...new Set(brandIds)]
  if (!ids.length) return []
  const versions = await trx
    .from('payouts_brand_formulas')
    .where('organization_id', state.organizationId)
    .whereIn('brand_id', ids)
    .orderBy(['brand_id', 'version'])
  const periods = await trx
    .from('payouts_periods')
    .where('organization_id', state.organizationId)
    .select('period', 'formula_versions')
  return ids.map((brandId) => {
    const own = versions.filter((row) => Number(row.brand_id) === brandId)
    const asFormula = (row: any): FormulaVersion => ({
      version: Number(row.version),
      ggr: row.enabled ? (row.ggr ?? null) : null,
      ngr: row.enabled ? (row.ngr ?? null) : null,
    })
    const current = own.length ? asFormula(own[own.length - 1]) : { version: 0, ggr: null, ngr: null }
    const closedPeriodFormulas: Record<string, number> = {}
    for (const period of periods) {
      const kept = (period.formula_versions as Record<string, number>)?.[brandId]
      if (kept !== undefined) closedPeriodFormulas[period.period] = Number(kept)
    }
    return {
      id: brandId,
      formula: current,
      formulaVersions: [{ version: 0, ggr: null, ngr: null }, ...own.map(asFormula)],
      closedPeriodFormulas,
    }
  })
}

export function campaignInput(payout: CampaignPayout): CampaignInput {
  return {
    id: payout.id,
    brandId: payout.brandId,
    currency: payout.currency,
    plan: payout.plan as CampaignInput['plan'],
    affiliatePayouts: payout.affiliatePayouts as CampaignInput['affiliatePayouts'],
    groupPayouts: payout.groupPayouts as CampaignInput['groupPayouts'],
  }
}

/** Every affiliate of the organisation (plan groups, carryover flags, referral chains). */
export async function affiliateInputs(
  organizationId: number,
  client?: TransactionClientContract
): Promise<AffiliateInput[]> {
  return affiliatesForCommissions(organizationId, client)
}

function capDenial(event: { type: string; activityId: number | null }): CapDenial {
  switch (event.type) {
    case 'registration':
      return { variable: 'leads' }
    case 'ftd':
      return { variable: 'ftd' }
    case 'c_deposit':
      return { variable: 'c_deposit' }
    default:
      return { variable: 'deposits', activityId: String(event.activityId) }
  }
}

/** Customers as the engine reads them, with all their activity (ids as text: the engine's row keys name them). */
export async function loadCustomers(
  trx: TransactionClientContract,
  state: LedgerState,
  customerIds: number[]
): Promise<LoadedCustomers> {
  const organizationId = state.organizationId
  const records = await customersByIds(organizationId, customerIds, trx)
  const ids = records.map((record) => record.id)
  // One after the other: they share the transaction's one connection.
  const activityRows = await activityOfCustomers(organizationId, ids, {}, trx)
  const reassignments = await reassignmentsOf(organizationId, ids, trx)
  const denials = await capDenialsOf(organizationId, ids, trx)
  // `= ANY(array)`, not IN (…): a batch names thousands of customers.
  const qualifications = ids.length
    ? (
        await trx.rawQuery(
          'SELECT customer_id, kind, date::text AS date FROM payouts_qualifications WHERE organization_id = ? AND customer_id = ANY(?::bigint[])',
          [organizationId, ids]
        )
      ).rows
    : []
  const frauds = ids.length
    ? (
        await trx.rawQuery(
          'SELECT * FROM payouts_fraud_marks WHERE organization_id = ? AND customer_id = ANY(?::bigint[])',
          [organizationId, ids]
        )
      ).rows
    : []
  const campaigns = await payoutPlans(
    organizationId,
    [...new Set(records.map((record) => record.campaignId).filter((id): id is number => id !== null))],
    trx
  )
  const activity = new Map<number, ActivityRecord[]>()
  for (const row of activityRows) {
    const list = activity.get(row.customerId)
    if (list) list.push(row)
    else activity.set(row.customerId, [row])
  }
  const qualified = new Map<number, CustomerInput['qualified']>()
  for (const row of qualifications as any[]) {
    const entry = qualified.get(Number(row.customer_id)) ?? {}
    const date = row.date instanceof Date ? row.date.toISOString().slice(0, 10) : String(row.date).slice(0, 10)
    entry[row.kind as 'cpa' | 'cumulativeDeposit'] = date
    qualified.set(Number(row.customer_id), entry)
  }
  const fraudOf = new Map<number, { markedAt: string; earnedBefore: string[] }>()
  for (const row of frauds as any[])
    fraudOf.set(Number(row.customer_id), {
      markedAt: new Date(row.marked_at).toISOString(),
      earnedBefore: row.earned_before ?? [],
    })
  // The first computation after a fraud mark keeps what had earned before it (rows not
  // denied, and the FTD when known): those keep their place in tiers (COMMISSIONS §12).
  for (const record of records) {
    if (record.status !== 'fraud' || fraudOf.has(record.id)) continue
    const earned = await trx
      .from('payouts_rows')
      .where({ organization_id: organizationId, customer_id: record.id })
      .whereNot('status', 'denied')
      .select('key')
    const keys = earned.map((row) => row.key as string)
    if (record.ftdActivityId !== null) keys.push('ftd')
    const mark = { markedAt: record.fraudMarkedAt ?? new Date().toISOString(), earnedBefore: keys }
    await trx
      .insertQuery()
      .table('payouts_fraud_marks')
      .insert({
        organization_id: organizationId,
        customer_id: record.id,
        marked_at: new Date(mark.markedAt),
        earned_before: JSON.stringify(keys),
      })
      .onConflict(['organization_id', 'customer_id'])
      .ignore()
    fraudOf.set(record.id, mark)
  }
  const moves = new Map<number, Array<{ affiliateId: number; effectiveDate: LocalDate }>>()
  for (const move of reassignments) {
    const list = moves.get(move.customerId) ?? []
    list.push({ affiliateId: move.toAffiliateId, effectiveDate: move.effectiveDate })
    moves.set(move.customerId, list)
  }
  // A few milliseconds at a time: a batch holds about 100,000 activity rows to copy.
  const customers: CustomerInput[] = await mapCooperatively(records, (record) => {
    const plan = record.campaignId === null ? undefined : campaigns.get(record.campaignId)
    const fraud =
      record.status === 'fraud'
        ? (fraudOf.get(record.id) ?? {
            markedAt: record.fraudMarkedAt ?? new Date(0).toISOString(),
            earnedBefore: [],
          })
        : null
    return {
      id: record.id,
      brandId: record.brandId,
      // A campaign without a payout plan earns nothing (as organic).
      campaignId: plan ? record.campaignId : null,
      affiliateId: plan ? record.affiliateId : null,
      registeredAt: record.registeredAt,
      registeredOn: record.registeredOn,
      country: record.country,
      reassignments: moves.get(record.id) ?? [],
      ftdActivityId: record.ftdActivityId === null ? null : String(record.ftdActivityId),
      qualified: qualified.get(record.id) ?? {},
      fraud,
      capDenials: (denials.get(record.id) ?? []).map(capDenial),
      activity: (activity.get(record.id) ?? []).map((row) => ({
        id: String(row.id),
        date: row.date,
        currency: row.currency,
        deposits: row.amounts.deposits,
        depositCount: row.depositCount,
        // The FTD amount is ftd_amount when sent flagged and non-zero, else the row's deposits.
        ftdAmount: row.ftd && !/^-?0*\.?0*$/.test(row.amounts.ftd_amount) ? row.amounts.ftd_amount : null,
        withdrawals: row.amounts.withdrawals,
        bets: row.amounts.bets,
        wins: row.amounts.wins,
        bonuses: row.amounts.bonuses,
        chargebacks: row.amounts.chargebacks,
        fees: row.amounts.fees,
        jackpot: row.amounts.jackpot,
        adjustments: row.amounts.adjustments,
      })),
    }
  })
  return { customers, records, activity, campaigns }
}

/** A synchronous rate lookup over the rates the activity needs (prefetched in one query). */
export async function rateLookup(
  trx: TransactionClientContract,
  organizationId: number,
  customers: CustomerInput[],
  campaigns: Map<number, CampaignPayout>
): Promise<EngineInput['rates']> {
  const wanted: Array<{ from: string; to: string; date: string }> = []
  const seen = new Set<string>()
  for (const customer of customers) {
    if (customer.campaignId === null) continue
    const to = campaigns.get(customer.campaignId)!.currency
    for (const row of customer.activity) {
      if (row.currency === to) continue
      const key = `${row.currency}:${to}:${row.date}`
      if (seen.has(key)) continue
      seen.add(key)
      wanted.push({ from: row.currency, to, date: row.date })
    }
  }
  const rates = await fxRates(organizationId, wanted, trx)
  return (from, to, date) => (from === to ? '1' : (rates.get(`${from}:${to}:${date}`) ?? null))
}
