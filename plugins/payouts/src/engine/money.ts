/*
 * Money of the commission engine: exact decimals (a private decimal.js clone, so nothing
 * else in the process is affected by its settings), amounts as decimal strings at the edges.
 *
 * - Inputs keep their precision (up to 6 decimals); nothing is rounded before a row is made.
 * - A row is rounded once, to 2 decimals, half away from zero (1.005 → 1.01, −1.005 → −1.01),
 *   as PostgreSQL `round(numeric, 2)` does; totals add rounded rows.
 */
import { Decimal as DecimalBase } from 'decimal.js'

/** 60 significant digits: products of 12-digit amounts, 4-decimal rates and percentages stay exact. */
export const Decimal = DecimalBase.clone({
  precision: 60,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
})
export type Decimal = DecimalBase

/** A decimal amount as text, e.g. `"12.50"`, `"-3"`, `"0.000125"`. */
export type Amount = string

export const ZERO = new Decimal(0)
export const HUNDRED = new Decimal(100)

const AMOUNT_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const ZERO_TEXT = /^[+-]?0+(\.0*)?$/

/** True for a plain decimal text (no exponent, no spaces): what the engine accepts at its edges. */
export function isAmount(value: unknown): value is Amount {
  return typeof value === 'string' && AMOUNT_TEXT.test(value)
}

/** Parses an amount; absent (null/undefined/'') is 0. Throws on anything that is not a plain decimal. */
export function dec(value: Amount | number | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return ZERO
  // Most stored amounts are zeros ("0.000000"): one shared ZERO instead of a parse each.
  if (value === '0' || (typeof value === 'string' && ZERO_TEXT.test(value))) return ZERO
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`money: only integers may be given as numbers (${value})`)
    return new Decimal(value)
  }
  if (!AMOUNT_TEXT.test(value)) throw new RangeError(`money: not a decimal amount: ${JSON.stringify(value)}`)
  return new Decimal(value)
}

/** Rounds to 2 decimals, half away from zero (one row's amount). */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
}

/** The text of a rounded amount, always with 2 decimals (`"-0.50"`); never `"-0.00"`. */
export function money(value: Decimal): Amount {
  const rounded = round2(value)
  return rounded.isZero() ? '0.00' : rounded.toFixed(2)
}

/** An exact decimal as text without trailing zeros (for explanations: bases, rates). */
export function exact(value: Decimal): Amount {
  return value.isZero() ? '0' : value.toFixed()
}

/** Adds amounts given as text (already rounded rows); the result as a 2-decimal text. */
export function sumAmounts(values: Iterable<Amount | null | undefined>): Amount {
  let total = ZERO
  for (const value of values) if (value !== null && value !== undefined) total = total.plus(value)
  return money(total)
}

/** `percent %` of `basis`, exact (rounded only when it becomes a row). */
export function percentOf(basis: Decimal, percent: Decimal): Decimal {
  return basis.times(percent).div(HUNDRED)
}
