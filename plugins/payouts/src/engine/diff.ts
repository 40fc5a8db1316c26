/*
 * The ledger as "desired rows = f(inputs)" plus a diff against what is recorded. Pure: the
 * ledger recomputes the customers an ingest batch touched, diffs, and applies the operations
 * in one transaction. Applying the same diff twice changes nothing (idempotent), and the
 * result does not depend on the order in which facts arrived.
 *
 * - Open periods: rows are inserted, updated and deleted in place, by key. Statuses set by
 *   a person (hold, a manual denial) are kept; engine denials (fraud, cap) are set.
 * - Closed periods never change. For a key whose home is a closed period, the amount it
 *   should have minus what is already accounted (the closed row plus corrections in closed
 *   periods) is posted as ONE `correction` row in the earliest open period (key
 *   `correction:<open period>:<key>`), updated in place while that period stays open.
 * - A `pending_fx` row of a closed period stays there without an amount; the correction that
 *   prices it is pointed at (`pricedBy`).
 * - Fraud (§9, §12): a closed-period row of CPA origin (registration, cpa, deposit_cpa,
 *   cumulative_deposit, and corrections of those) that was not denied gets one `clawback` row
 *   of minus its final amount in the earliest open period; the customer's corrections are
 *   created denied (never clawed back); a row the customer left unpriced is never priced.
 * Rows the diff does not own (carryover, referral, manual adjustments) are left alone.
 */
import { dec, money } from './money.js'
import type { PeriodKey } from './periods.js'
import { CPA_ORIGIN_TYPES, type DesiredRow, type Explanation, type RecordedRow, type RowType } from './types.js'

export type Operation =
  | { op: 'insert'; row: DesiredRow; corrects?: RecordedRow['corrects'] }
  | { op: 'update'; key: string; row: DesiredRow; corrects?: RecordedRow['corrects'] }
  | { op: 'delete'; key: string }
  /** A pending_fx row of a closed period: the correction row that priced it. */
  | { op: 'point'; key: string; pricedBy: string }

export interface DiffInput {
  desired: DesiredRow[]
  /** The recorded rows of the same scope (the customers recomputed, their tier groups, CPC days). */
  recorded: RecordedRow[]
  /** Every period up to this one is closed (null: none). */
  lastClosed: PeriodKey | null
  /** Where corrections and clawbacks go; its first date dates them. */
  earliestOpen: { key: PeriodKey; start: string }
  /** Customers marked fraud (their corrections are denied, their closed CPA rows clawed back). */
  fraudCustomers: Iterable<number>
}

/** Keys the diff owns: the engine's rows, the corrections it posts and its clawbacks. */
const OWNED_TYPES: ReadonlySet<RowType> = new Set([
  'registration',
  'cpa',
  'deposit_cpa',
  'cumulative_deposit',
  'cpc',
  'revshare',
  'correction',
  'clawback',
])

export const correctionKey = (period: PeriodKey, key: string) => `correction:${period}:${key}`
export const clawbackKey = (key: string) => `clawback:${key}`

/** The type a row stands for: a correction's origin is the type it corrects. */
export function originOf(row: Pick<RecordedRow, 'type' | 'corrects'>): RowType {
  return row.type === 'correction' || row.type === 'clawback' ? (row.corrects?.type ?? row.type) : row.type
}

function sameRow(row: DesiredRow, recorded: RecordedRow): boolean {
  return (
    row.amount === recorded.amount &&
    row.status === recorded.status &&
    row.denyReason === recorded.denyReason &&
    row.period === recorded.period &&
    row.date === recorded.date &&
    row.affiliateId === recorded.affiliateId &&
    (row.finalAmount ?? null) === (recorded.finalAmount ?? null) &&
    (row.provisional ?? false) === (recorded.provisional ?? false) &&
    JSON.stringify(row.explanation) === JSON.stringify(recorded.explanation)
  )
}

/** A person's decision (hold, manual denial, approval) outlives recomputation; engine denials win. */
function mergeStatus(row: DesiredRow, recorded: RecordedRow | undefined): DesiredRow {
  if (!recorded || row.status === 'denied') return row
  const human =
    recorded.status === 'hold' ||
    recorded.status === 'approved' ||
    recorded.status === 'paid' ||
    (recorded.status === 'denied' && recorded.denyReason === 'manual')
  if (!human) return row
  return { ...row, status: recorded.status as DesiredRow['status'], denyReason: recorded.denyReason }
}

export function diffLedger(input: DiffInput): Operation[] {
  const { lastClosed, earliestOpen } = input
  const closed = (period: PeriodKey) => lastClosed !== null && period <= lastClosed
  const fraud = new Set(input.fraudCustomers)
  const desired = new Map(input.desired.map((row) => [row.key, row]))
  const home = new Map<string, RecordedRow>()
  const corrections = new Map<string, RecordedRow[]>()
  const clawed = new Set<string>()
  for (const row of input.recorded) {
    if (!OWNED_TYPES.has(row.type)) continue
    if (row.key.startsWith('clawback:')) {
      if (row.corrects) clawed.add(row.corrects.key)
    } else if (row.key.startsWith('correction:')) {
      const of = row.corrects?.key
      if (!of) continue
      const list = corrections.get(of)
      if (list) list.push(row)
      else corrections.set(of, [row])
    } else home.set(row.key, row)
  }

  const operations: Operation[] = []
  const keys = [...new Set([...desired.keys(), ...home.keys(), ...corrections.keys()])].sort()
  for (const key of keys) {
    const want = desired.get(key)
    const have = home.get(key)
    const posted = corrections.get(key) ?? []
    const customerId = want?.customerId ?? have?.customerId ?? posted[0]?.customerId ?? null
    const isFraud = customerId !== null && fraud.has(customerId)

    // Open home: in place.
    const openHave = have && !closed(have.period)
    const openWant = want && !closed(want.period)
    if ((!have || openHave) && (!want || openWant) && !posted.length) {
      if (want && !have) operations.push({ op: 'insert', row: want })
      else if (!want && have) operations.push({ op: 'delete', key })
      else if (want && have) {
        let next = mergeStatus(want, have)
        // A row left unpriced when its customer was marked fraud is never priced.
        if (isFraud && have.amount === null && next.amount !== null) next = { ...next, amount: null }
        if (!sameRow(next, have)) operations.push({ op: 'update', key, row: next })
      }
      continue
    }

    // Closed home: corrections in the earliest open period.
    if (openHave) operations.push({ op: 'delete', key })
    const haveClosed = have && closed(have.period) ? have : undefined
    if (isFraud && haveClosed && haveClosed.amount === null) continue
    let accounted = dec(haveClosed?.amount ?? 0)
    let openCorrection: RecordedRow | undefined
    for (const row of posted) {
      if (closed(row.period)) accounted = accounted.plus(row.amount ?? 0)
      else if (row.period === earliestOpen.key) openCorrection = row
      else operations.push({ op: 'delete', key: row.key })
    }
    const waitingInPlace = haveClosed && haveClosed.amount === null && want && want.amount === null
    let target: string | null | undefined
    if (waitingInPlace) target = undefined
    else if (want && want.amount === null) target = null
    else {
      const delta = dec(want?.amount ?? 0).minus(accounted)
      target = delta.isZero() ? undefined : money(delta)
    }
    if (isFraud && openCorrection && openCorrection.amount === null && target !== undefined) target = null

    const correctsKey = correctionKey(earliestOpen.key, key)
    if (target === undefined) {
      if (openCorrection) operations.push({ op: 'delete', key: openCorrection.key })
      continue
    }
    const source = (want ?? have ?? posted[0]) as DesiredRow | RecordedRow
    const origin = want
      ? originOf({ type: want.type, corrects: want.explanation.corrects })
      : originOf(have ?? posted[0])
    const homePeriod =
      haveClosed?.period ?? want?.period ?? have?.period ?? posted[0].corrects?.period ?? earliestOpen.key
    const corrects = { key, type: origin, period: homePeriod }
    const explanation: Explanation = {
      type: 'correction',
      customerId: customerId ?? undefined,
      currency: source.currency,
      corrects,
      accounted: money(accounted),
      target: want?.amount ?? (want ? null : '0.00'),
      planVersion: want?.explanation.planVersion,
      formulaVersion: want?.explanation.formulaVersion,
      fx: want?.explanation.fx,
      computation:
        target === null ? 'waiting for a rate' : `${want?.amount ?? '0.00'} − ${money(accounted)} = ${target}`,
      notes: ['late_amount'],
    }
    const row: DesiredRow = {
      key: correctsKey,
      type: 'correction',
      period: earliestOpen.key,
      date: earliestOpen.start,
      affiliateId: source.affiliateId,
      campaignId: source.campaignId,
      brandId: source.brandId,
      customerId,
      currency: source.currency,
      amount: target,
      status: isFraud ? 'denied' : target === null ? 'pending_fx' : 'pending',
      denyReason: isFraud ? 'fraud' : null,
      explanation,
    }
    if (!openCorrection) operations.push({ op: 'insert', row, corrects })
    else {
      const next = mergeStatus(row, openCorrection)
      if (!sameRow(next, openCorrection) || JSON.stringify(openCorrection.corrects) !== JSON.stringify(corrects))
        operations.push({ op: 'update', key: correctsKey, row: next, corrects })
    }
    if (haveClosed && haveClosed.amount === null && target !== null && haveClosed.pricedBy !== correctsKey)
      operations.push({ op: 'point', key: haveClosed.key, pricedBy: correctsKey })
  }

  // Clawbacks: closed rows of CPA origin of fraud customers that were not denied.
  for (const row of input.recorded) {
    if (row.customerId === null || !fraud.has(row.customerId) || !closed(row.period)) continue
    if (!OWNED_TYPES.has(row.type) || row.type === 'clawback' || row.status === 'denied' || row.amount === null)
      continue
    if (!CPA_ORIGIN_TYPES.has(originOf(row)) || clawed.has(row.key)) continue
    const amount = money(dec(row.finalAmount ?? row.amount).neg())
    if (amount === '0.00') continue
    const corrects = { key: row.key, type: originOf(row), period: row.period }
    operations.push({
      op: 'insert',
      corrects,
      row: {
        key: clawbackKey(row.key),
        type: 'clawback',
        period: earliestOpen.key,
        date: earliestOpen.start,
        affiliateId: row.affiliateId,
        campaignId: row.campaignId,
        brandId: row.brandId,
        customerId: row.customerId,
        currency: row.currency,
        amount,
        status: 'pending',
        denyReason: null,
        explanation: {
          type: 'clawback',
          customerId: row.customerId,
          currency: row.currency,
          corrects,
          computation: `− ${row.finalAmount ?? row.amount}`,
          notes: ['fraud'],
        },
      },
    })
  }
  return operations
}

/** Applies operations to a list of recorded rows (what the ledger does in SQL): for tests and previews. */
export function applyOperations(recorded: RecordedRow[], operations: Operation[]): RecordedRow[] {
  const rows = new Map(recorded.map((row) => [row.key, { ...row }]))
  const toRecorded = (
    row: DesiredRow,
    corrects: RecordedRow['corrects'] | undefined,
    before?: RecordedRow
  ): RecordedRow => ({
    key: row.key,
    type: row.type,
    period: row.period,
    date: row.date,
    affiliateId: row.affiliateId,
    campaignId: row.campaignId,
    brandId: row.brandId,
    customerId: row.customerId,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    denyReason: row.denyReason,
    finalAmount: row.finalAmount ?? null,
    provisional: row.provisional ?? false,
    corrects: corrects ?? row.explanation.corrects ?? before?.corrects ?? null,
    pricedBy: before?.pricedBy ?? null,
    explanation: row.explanation,
  })
  for (const operation of operations) {
    switch (operation.op) {
      case 'insert':
        if (rows.has(operation.row.key)) throw new Error(`applyOperations: ${operation.row.key} exists`)
        rows.set(operation.row.key, toRecorded(operation.row, operation.corrects))
        break
      case 'update': {
        const before = rows.get(operation.key)
        if (!before) throw new Error(`applyOperations: ${operation.key} missing`)
        rows.set(operation.key, toRecorded(operation.row, operation.corrects, before))
        break
      }
      case 'delete':
        if (!rows.delete(operation.key)) throw new Error(`applyOperations: ${operation.key} missing`)
        break
      case 'point': {
        const row = rows.get(operation.key)
        if (!row) throw new Error(`applyOperations: ${operation.key} missing`)
        row.pricedBy = operation.pricedBy
        break
      }
    }
  }
  return [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/** Recorded rows from desired ones, as a first ingest would write them (tests, previews). */
export function recordAll(rows: DesiredRow[]): RecordedRow[] {
  return applyOperations(
    [],
    rows.map((row) => ({ op: 'insert' as const, row }))
  )
}
