/*
 * An in-memory ledger driving the engine the way the real one will: after each change,
 * recompute the desired rows, diff them with the recorded ones, apply the operations; a close
 * recomputes the period as final, applies that, adds carryover and referral rows, and marks
 * the period closed. Used by the diff tests and the property tests.
 */
import {
  applyOperations,
  Calendar,
  closePeriod,
  computeRows,
  diffLedger,
  type CarryBalance,
  type EngineInput,
  type Operation,
  type RecordedRow,
  type ReferralSetting,
} from '../../src/engine/index.js'

export class MemoryLedger {
  recorded: RecordedRow[] = []
  lastClosed: string | null = null
  closedAt: Record<string, string> = {}
  carry: CarryBalance[] = []
  readonly calendar: Calendar

  constructor(
    public state: EngineInput,
    public referral: ReferralSetting | null = null,
    readonly firstPeriod = '2026-01'
  ) {
    this.calendar = new Calendar(state.organization.period)
  }

  input(finalThrough?: string): EngineInput {
    return {
      ...this.state,
      organization: {
        ...this.state.organization,
        periods: { firstPeriod: this.firstPeriod, lastClosed: this.lastClosed },
        closedAt: { ...this.closedAt },
      },
      finalThrough: finalThrough ?? this.lastClosed,
    }
  }

  earliestOpen() {
    const key = this.lastClosed === null ? this.firstPeriod : this.calendar.next(this.lastClosed)
    return { key, start: this.calendar.period(key).start }
  }

  private diff(finalThrough?: string) {
    const output = computeRows(this.input(finalThrough))
    const operations = diffLedger({
      desired: output.rows,
      recorded: this.recorded,
      lastClosed: this.lastClosed,
      earliestOpen: this.earliestOpen(),
      fraudCustomers: this.state.customers.filter((customer) => customer.fraud).map((customer) => customer.id),
    })
    return { output, operations }
  }

  /** Recompute and apply; returns the operations applied. */
  sync(): Operation[] {
    const { operations } = this.diff()
    this.recorded = applyOperations(this.recorded, operations)
    return operations
  }

  /** The operations a sync would apply now (without applying them). */
  pending(): Operation[] {
    return this.diff().operations
  }

  /** Closes `period` (by default at the first instant of the next period). */
  close(period: string, at = `${this.calendar.period(this.calendar.next(period)).start}T00:00:00Z`) {
    const { output, operations } = this.diff(period)
    this.recorded = applyOperations(this.recorded, operations)
    const info = this.calendar.period(period)
    const closing = closePeriod({
      period,
      periodEnd: info.end,
      rows: this.recorded.filter((row) => row.period === period),
      affiliates: this.state.affiliates,
      carryIn: this.carry,
      referral: this.referral,
      ngr: output.ngr,
    })
    this.recorded = applyOperations(
      this.recorded,
      closing.rows.map((row) => ({ op: 'insert' as const, row }))
    )
    this.carry = closing.carryOut
    this.lastClosed = period
    this.closedAt[period] = at
  }

  rows(period?: string) {
    return this.recorded.filter((row) => period === undefined || row.period === period)
  }

  /** key → [amount, status] of the recorded rows (optionally of one period). */
  summary(period?: string) {
    return Object.fromEntries(this.rows(period).map((row) => [row.key, [row.amount, row.status]]))
  }
}
