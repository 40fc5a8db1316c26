/*
 * What a close adds to the period it freezes (§9, §10), from the period's rows as they stand
 * once the final recomputation has been applied (its own rows plus the corrections and
 * clawbacks posted to it):
 *
 * 1. Negative carryover, per affiliate × brand × currency, RevShare only:
 *    R = the period's revshare rows + corrections of RevShare posted to it (not denied, priced);
 *    carry_in = the previous period's carry_out (≤ 0).
 *    Flag on:  net = R + carry_in; net < 0 → a carryover row of −R, carry_out = net;
 *              else a carryover row of carry_in, carry_out = 0.
 *    Flag off: R < 0 → a carryover row of −R; carry_out = 0.
 * 2. Referrals, levels 1–3: for each affiliate A and each referrer at level k of A's
 *    `referred by` chain, per currency: basis = A's period NGR (method ngr) or A's period rows
 *    after carryover that are not denied, referral rows excluded (method payout); floored at 0;
 *    the referrer earns basis × level-k % (its own override first) as a `referral` row.
 */
import { dec, exact, money, percentOf, ZERO, type Amount, type Decimal } from './money.js'
import type { PeriodKey } from './periods.js'
import type { AffiliateInput, Currency, DesiredRow, LocalDate, NgrShare, RecordedRow } from './types.js'

export interface CarryBalance {
  affiliateId: number
  brandId: number
  currency: Currency
  /** ≤ 0. */
  amount: Amount
}

export interface ReferralSetting {
  method: 'ngr' | 'payout'
  /** Levels 1, 2, 3 (percentages; '0' pays nothing at that level). */
  percentages: [Amount, Amount, Amount]
  /** Per referrer: its own percentages (a null level uses the organisation's). */
  overrides?: Record<number, [Amount | null, Amount | null, Amount | null]>
}

export type PeriodRow = Pick<
  RecordedRow,
  'key' | 'type' | 'affiliateId' | 'brandId' | 'currency' | 'amount' | 'status' | 'corrects'
>

export interface CloseInput {
  period: PeriodKey
  /** The period's last date (dates the rows the close adds). */
  periodEnd: LocalDate
  /** Every row posted to the period (after the final recomputation's diff is applied). */
  rows: PeriodRow[]
  affiliates: AffiliateInput[]
  /** The previous period's carry_out balances. */
  carryIn: CarryBalance[]
  /** Null: the organisation has no referral setting (no referral rows). */
  referral: ReferralSetting | null
  /** NGR shares of the period (from computeRows over the whole period). */
  ngr: NgrShare[]
}

export interface CloseOutput {
  rows: DesiredRow[]
  /** The balances the next close starts from (only the non-zero ones). */
  carryOut: CarryBalance[]
}

const counts = (row: PeriodRow) => row.status !== 'denied' && row.amount !== null

export function closePeriod(input: CloseInput): CloseOutput {
  const affiliates = new Map(input.affiliates.map((affiliate) => [affiliate.id, affiliate]))
  const rows: DesiredRow[] = []
  const carryOut: CarryBalance[] = []

  // 1. Carryover per affiliate × brand × currency.
  const buckets = new Map<
    string,
    { affiliateId: number; brandId: number; currency: Currency; r: Decimal; carryIn: Decimal }
  >()
  const bucket = (affiliateId: number, brandId: number, currency: Currency) => {
    const key = `${affiliateId}|${brandId}|${currency}`
    let entry = buckets.get(key)
    if (!entry) buckets.set(key, (entry = { affiliateId, brandId, currency, r: ZERO, carryIn: ZERO }))
    return entry
  }
  for (const row of input.rows) {
    const revshare = row.type === 'revshare' || (row.type === 'correction' && row.corrects?.type === 'revshare')
    if (!revshare || !counts(row) || row.brandId === null) continue
    const entry = bucket(row.affiliateId, row.brandId, row.currency)
    entry.r = entry.r.plus(row.amount!)
  }
  for (const balance of input.carryIn) {
    const amount = dec(balance.amount)
    if (amount.gt(0)) throw new RangeError(`closePeriod: carry_in must be ≤ 0 (affiliate ${balance.affiliateId})`)
    bucket(balance.affiliateId, balance.brandId, balance.currency).carryIn = amount
  }
  const ordered = [...buckets.values()].sort(
    (a, b) =>
      a.affiliateId - b.affiliateId ||
      a.brandId - b.brandId ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)
  )
  for (const entry of ordered) {
    const flag = affiliates.get(entry.affiliateId)?.negativeCarryover ?? false
    let amount: Decimal
    let out: Decimal
    if (flag) {
      const net = entry.r.plus(entry.carryIn)
      if (net.lt(0)) {
        amount = entry.r.neg()
        out = net
      } else {
        amount = entry.carryIn
        out = ZERO
      }
    } else {
      amount = entry.r.lt(0) ? entry.r.neg() : ZERO
      out = ZERO
    }
    if (!out.isZero())
      carryOut.push({
        affiliateId: entry.affiliateId,
        brandId: entry.brandId,
        currency: entry.currency,
        amount: money(out),
      })
    if (money(amount) === '0.00') continue
    rows.push({
      key: `carryover:${entry.affiliateId}:${entry.brandId}:${entry.currency}:${input.period}`,
      type: 'carryover',
      period: input.period,
      date: input.periodEnd,
      affiliateId: entry.affiliateId,
      campaignId: null,
      brandId: entry.brandId,
      customerId: null,
      currency: entry.currency,
      amount: money(amount),
      status: 'pending',
      denyReason: null,
      explanation: {
        type: 'carryover',
        currency: entry.currency,
        carry: { r: money(entry.r), carryIn: money(entry.carryIn), carryOut: money(out), flag },
        computation: flag
          ? `net = R ${money(entry.r)} + carry_in ${money(entry.carryIn)} = ${money(entry.r.plus(entry.carryIn))}; row ${money(amount)}; carry_out ${money(out)}`
          : `R ${money(entry.r)} < 0 floored at 0: row ${money(amount)}`,
      },
    })
  }

  // 2. Referrals, levels 1–3.
  const setting = input.referral
  if (setting) {
    const basis = new Map<number, Map<Currency, Decimal>>()
    const add = (affiliateId: number, currency: Currency, amount: Decimal) => {
      let byCurrency = basis.get(affiliateId)
      if (!byCurrency) basis.set(affiliateId, (byCurrency = new Map()))
      byCurrency.set(currency, (byCurrency.get(currency) ?? ZERO).plus(amount))
    }
    if (setting.method === 'payout') {
      for (const row of [...input.rows, ...rows])
        if (row.type !== 'referral' && counts(row)) add(row.affiliateId, row.currency, dec(row.amount))
    } else {
      for (const share of input.ngr)
        if (share.period === input.period && share.ngr !== null) add(share.affiliateId, share.currency, dec(share.ngr))
    }
    for (const [affiliateId, byCurrency] of [...basis].sort((a, b) => a[0] - b[0])) {
      const chain = referralChain(affiliates, affiliateId)
      for (const [currency, total] of [...byCurrency].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        const floored = total.lt(0) ? ZERO : total
        chain.forEach((referrerId, index) => {
          const level = index + 1
          const own = setting.overrides?.[referrerId]?.[index]
          const percent = dec(own ?? setting.percentages[index])
          const amount = money(percentOf(floored, percent))
          if (amount === '0.00') return
          rows.push({
            key: `referral:${referrerId}:${affiliateId}:${level}:${currency}:${input.period}`,
            type: 'referral',
            period: input.period,
            date: input.periodEnd,
            affiliateId: referrerId,
            campaignId: null,
            brandId: null,
            customerId: null,
            currency,
            amount,
            status: 'pending',
            denyReason: null,
            explanation: {
              type: 'referral',
              currency,
              level,
              referredAffiliateId: affiliateId,
              method: setting.method,
              percent: exact(percent),
              basis: { [setting.method === 'ngr' ? 'ngr' : 'payout']: money(total), floored: money(floored) },
              fields: {
                percent: {
                  value: exact(percent),
                  source: own !== null && own !== undefined ? 'referrer' : 'organization',
                },
              },
              computation: `${exact(percent)} % × ${money(floored)} = ${exact(percentOf(floored, percent))} → ${amount}`,
            },
          })
        })
      }
    }
  }
  return { rows, carryOut }
}

/** Up to three referrers: A's `referred by`, that one's, and the next; a loop stops the chain. */
export function referralChain(affiliates: Map<number, AffiliateInput>, affiliateId: number): number[] {
  const chain: number[] = []
  const seen = new Set([affiliateId])
  let current = affiliates.get(affiliateId)?.referredBy ?? null
  while (current !== null && chain.length < 3 && !seen.has(current)) {
    chain.push(current)
    seen.add(current)
    current = affiliates.get(current)?.referredBy ?? null
  }
  return chain
}
