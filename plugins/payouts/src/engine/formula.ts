/*
 * Brand formulas for GGR and NGR: a small arithmetic language, parsed (never `eval`) and
 * checked when saved, evaluated per activity row with exact decimals.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := factor (('*' | '/') factor)*
 *   factor     := ('+' | '-') factor | number | name | '(' expression ')'
 *
 * Names: bets, wins, bonuses, chargebacks, fees, jackpot, deposits, withdrawals, adjustments,
 * and `ggr` in the NGR formula only. Numbers are plain decimals (`0.8`, `12`, `.5`). The minus
 * may be written `-` or `−` (U+2212), the times `*` or `×`, the division `/` or `÷`.
 * Refused on save, each with a stable code, the 0-based character position and data for the
 * message: an empty formula, an unexpected character, a malformed number, an unknown name,
 * a missing operand or parenthesis, text after the end, a division by a constant zero
 * (any divisor made only of constants that is 0, e.g. `/ 0`, `/ (2 - 2)`), a formula too long
 * or nested too deep. At run time a division by zero makes that row's value 0, and the
 * evaluation says so (the row's explanation carries the note).
 */
import { Decimal, ZERO } from './money.js'

export const ACTIVITY_NAMES = [
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'deposits',
  'withdrawals',
  'adjustments',
] as const
export type ActivityName = (typeof ACTIVITY_NAMES)[number]
export type FormulaName = ActivityName | 'ggr'
export type FormulaKind = 'ggr' | 'ngr'

export const MAX_FORMULA_LENGTH = 1000
export const MAX_FORMULA_DEPTH = 50

/** Stable error codes; the ledger words them in en/pt/tr under `payouts.formula.<code>`. */
export type FormulaErrorCode =
  | 'empty'
  | 'too_long'
  | 'too_deep'
  | 'unexpected_character'
  | 'bad_number'
  | 'unknown_name'
  | 'ggr_in_ggr'
  | 'expected_operand'
  | 'expected_operator'
  | 'missing_close_paren'
  | 'unexpected_close_paren'
  | 'division_by_zero'

export interface FormulaError {
  code: FormulaErrorCode
  /** 0-based character position in the formula text. */
  position: number
  /** Values for the message (`name`, `character`, `max`). */
  data: Record<string, string | number>
}

export type FormulaNode =
  | { kind: 'number'; value: Decimal; text: string; position: number }
  | { kind: 'name'; name: FormulaName; position: number }
  | { kind: 'negate'; operand: FormulaNode; position: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode; position: number }

type Token =
  | { kind: 'number'; text: string; position: number }
  | { kind: 'name'; text: string; position: number }
  | { kind: 'op'; text: '+' | '-' | '*' | '/'; position: number }
  | { kind: 'open' | 'close'; position: number }
  | { kind: 'end'; position: number }

class FormulaSyntaxError extends Error {
  constructor(readonly error: FormulaError) {
    super(error.code)
  }
}

const fail = (code: FormulaErrorCode, position: number, data: Record<string, string | number> = {}): never => {
  throw new FormulaSyntaxError({ code, position, data })
}

const OPERATORS: Record<string, '+' | '-' | '*' | '/'> = {
  '+': '+',
  '-': '-',
  '\u2212': '-',
  '*': '*',
  '\u00d7': '*',
  '/': '/',
  '\u00f7': '/',
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (/\s/.test(char)) {
      index++
      continue
    }
    if (OPERATORS[char]) {
      tokens.push({ kind: 'op', text: OPERATORS[char], position: index })
      index++
      continue
    }
    if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'open' : 'close', position: index })
      index++
      continue
    }
    if (/[0-9.]/.test(char)) {
      const start = index
      while (index < text.length && /[0-9.]/.test(text[index])) index++
      const number = text.slice(start, index)
      if (!/^(\d+(\.\d+)?|\.\d+)$/.test(number)) fail('bad_number', start, { text: number })
      // A number glued to a name (`2bets`) is a typo, not an implicit product.
      if (index < text.length && /[A-Za-z_]/.test(text[index])) fail('bad_number', start, { text: number })
      tokens.push({ kind: 'number', text: number, position: start })
      continue
    }
    if (/[A-Za-z_]/.test(char)) {
      const start = index
      while (index < text.length && /[A-Za-z0-9_]/.test(text[index])) index++
      tokens.push({ kind: 'name', text: text.slice(start, index), position: start })
      continue
    }
    fail('unexpected_character', index, { character: char })
  }
  tokens.push({ kind: 'end', position: text.length })
  return tokens
}

/** Recursive descent over the token list. */
class Parser {
  private index = 0
  private depth = 0
  constructor(
    private readonly tokens: Token[],
    private readonly names: ReadonlySet<string>,
    private readonly kind: FormulaKind
  ) {}

  parse(): FormulaNode {
    const node = this.expression()
    const token = this.peek()
    if (token.kind === 'close') fail('unexpected_close_paren', token.position)
    if (token.kind !== 'end') fail('expected_operator', token.position)
    return node
  }

  private peek(): Token {
    return this.tokens[this.index]
  }

  private expression(): FormulaNode {
    let left = this.term()
    for (
      let token = this.peek();
      token.kind === 'op' && (token.text === '+' || token.text === '-');
      token = this.peek()
    ) {
      this.index++
      left = { kind: 'binary', operator: token.text, left, right: this.term(), position: token.position }
    }
    return left
  }

  private term(): FormulaNode {
    let left = this.factor()
    for (
      let token = this.peek();
      token.kind === 'op' && (token.text === '*' || token.text === '/');
      token = this.peek()
    ) {
      this.index++
      left = { kind: 'binary', operator: token.text, left, right: this.factor(), position: token.position }
    }
    return left
  }

  private factor(): FormulaNode {
    const token = this.peek()
    if (++this.depth > MAX_FORMULA_DEPTH) fail('too_deep', token.position, { max: MAX_FORMULA_DEPTH })
    try {
      switch (token.kind) {
        case 'op':
          if (token.text === '+' || token.text === '-') {
            this.index++
            const operand = this.factor()
            return token.text === '+' ? operand : { kind: 'negate', operand, position: token.position }
          }
          return fail('expected_operand', token.position)
        case 'number':
          this.index++
          return { kind: 'number', value: new Decimal(token.text), text: token.text, position: token.position }
        case 'name': {
          this.index++
          const name = token.text.toLowerCase()
          if (name === 'ggr' && this.kind === 'ggr') fail('ggr_in_ggr', token.position, { name: token.text })
          if (!this.names.has(name)) fail('unknown_name', token.position, { name: token.text })
          return { kind: 'name', name: name as FormulaName, position: token.position }
        }
        case 'open': {
          this.index++
          const inner = this.expression()
          const close = this.peek()
          if (close.kind !== 'close')
            fail(close.kind === 'end' ? 'missing_close_paren' : 'expected_operator', close.position)
          this.index++
          return inner
        }
        case 'close':
          return fail(this.index === 0 ? 'expected_operand' : 'unexpected_close_paren', token.position)
        default:
          return fail('expected_operand', token.position)
      }
    } finally {
      this.depth--
    }
  }
}

/** The value of a sub-expression made only of constants (null when it names a variable or divides by 0). */
function constantValue(node: FormulaNode): Decimal | null | 'division_by_zero' {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'name':
      return null
    case 'negate': {
      const value = constantValue(node.operand)
      return value instanceof Decimal ? value.neg() : value
    }
    case 'binary': {
      const left = constantValue(node.left)
      const right = constantValue(node.right)
      if (left === 'division_by_zero' || right === 'division_by_zero') return 'division_by_zero'
      if (node.operator === '/' && right instanceof Decimal && right.isZero()) return 'division_by_zero'
      if (!(left instanceof Decimal) || !(right instanceof Decimal)) return null
      return applyOperator(node.operator, left, right)
    }
  }
}

function firstConstantZeroDivision(node: FormulaNode): FormulaNode | null {
  if (node.kind === 'negate') return firstConstantZeroDivision(node.operand)
  if (node.kind !== 'binary') return null
  const inLeft = firstConstantZeroDivision(node.left)
  if (inLeft) return inLeft
  const inRight = firstConstantZeroDivision(node.right)
  if (inRight) return inRight
  if (node.operator === '/') {
    const divisor = constantValue(node.right)
    if (divisor instanceof Decimal && divisor.isZero()) return node
  }
  return null
}

function applyOperator(operator: '+' | '-' | '*' | '/', left: Decimal, right: Decimal): Decimal {
  switch (operator) {
    case '+':
      return left.plus(right)
    case '-':
      return left.minus(right)
    case '*':
      return left.times(right)
    case '/':
      return left.div(right)
  }
}

export interface ParsedFormula {
  kind: FormulaKind
  text: string
  ast: FormulaNode
  /** The names it reads, in first-use order. */
  names: FormulaName[]
}

export type ParseResult = { ok: true; formula: ParsedFormula } | { ok: false; error: FormulaError }

/** Parses and checks a formula (what "save" runs): the AST, or the first error with its position. */
export function parseFormula(text: string, kind: FormulaKind): ParseResult {
  try {
    if (text.length > MAX_FORMULA_LENGTH) fail('too_long', MAX_FORMULA_LENGTH, { max: MAX_FORMULA_LENGTH })
    const tokens = tokenize(text)
    if (tokens.length === 1) fail('empty', 0)
    const allowed = new Set<string>(kind === 'ngr' ? [...ACTIVITY_NAMES, 'ggr'] : ACTIVITY_NAMES)
    const ast = new Parser(tokens, allowed, kind).parse()
    const zeroDivision = firstConstantZeroDivision(ast)
    if (zeroDivision) fail('division_by_zero', zeroDivision.position)
    const names: FormulaName[] = []
    const collect = (node: FormulaNode) => {
      if (node.kind === 'name' && !names.includes(node.name)) names.push(node.name)
      if (node.kind === 'negate') collect(node.operand)
      if (node.kind === 'binary') {
        collect(node.left)
        collect(node.right)
      }
    }
    collect(ast)
    return { ok: true, formula: { kind, text, ast, names } }
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return { ok: false, error: error.error }
    throw error
  }
}

/** Parses a formula known to be valid (it was checked on save); throws otherwise. */
export function mustParse(text: string, kind: FormulaKind): ParsedFormula {
  const result = parseFormula(text, kind)
  if (!result.ok)
    throw new Error(`formula: ${kind} formula refused (${result.error.code} at ${result.error.position}): ${text}`)
  return result.formula
}

export const DEFAULT_GGR = 'bets - wins'
export const DEFAULT_NGR = 'ggr - bonuses - chargebacks - fees - jackpot'

/** What a formula reads: the activity amounts (and `ggr` for NGR). */
export type FormulaValues = Record<ActivityName, Decimal> & { ggr?: Decimal }

export type Evaluation = { value: Decimal; divisionByZero: false } | { value: Decimal; divisionByZero: true }

class RuntimeDivisionByZero extends Error {}

/** Compiles an AST into a closure tree (no text is ever executed): fast per-row evaluation. */
export function compileFormula(formula: ParsedFormula): (values: FormulaValues) => Evaluation {
  const build = (node: FormulaNode): ((values: FormulaValues) => Decimal) => {
    switch (node.kind) {
      case 'number': {
        const value = node.value
        return () => value
      }
      case 'name': {
        const name = node.name
        return (values) => values[name] ?? ZERO
      }
      case 'negate': {
        const operand = build(node.operand)
        return (values) => operand(values).neg()
      }
      case 'binary': {
        const left = build(node.left)
        const right = build(node.right)
        switch (node.operator) {
          case '+':
            return (values) => left(values).plus(right(values))
          case '-':
            return (values) => left(values).minus(right(values))
          case '*':
            return (values) => left(values).times(right(values))
          case '/':
            return (values) => {
              const divisor = right(values)
              if (divisor.isZero()) throw new RuntimeDivisionByZero()
              return left(values).div(divisor)
            }
        }
      }
    }
  }
  const run = build(formula.ast)
  return (values) => {
    try {
      return { value: run(values), divisionByZero: false }
    } catch (error) {
      if (error instanceof RuntimeDivisionByZero) return { value: ZERO, divisionByZero: true }
      throw error
    }
  }
}

/** One version of a brand's formulas (null: the default). */
export interface FormulaVersion {
  version: number
  ggr: string | null
  ngr: string | null
}

export interface ActivityResult {
  ggr: Decimal
  ngr: Decimal
  /** Set when a run-time division by zero made this row's GGR or NGR 0. */
  divisionByZero: FormulaKind | null
}

/** A brand's formulas compiled once; evaluates GGR then NGR of one activity row. */
export class CompiledFormulas {
  private readonly ggr: (values: FormulaValues) => Evaluation
  private readonly ngr: (values: FormulaValues) => Evaluation
  /** The activity names either formula reads (so callers parse only those amounts). */
  readonly reads: ReadonlySet<ActivityName>

  constructor(readonly version: FormulaVersion) {
    const ggr = mustParse(version.ggr ?? DEFAULT_GGR, 'ggr')
    const ngr = mustParse(version.ngr ?? DEFAULT_NGR, 'ngr')
    this.ggr = compileFormula(ggr)
    this.ngr = compileFormula(ngr)
    this.reads = new Set([...ggr.names, ...ngr.names].filter((name): name is ActivityName => name !== 'ggr'))
  }

  evaluate(values: FormulaValues): ActivityResult {
    const ggr = this.ggr(values)
    if (ggr.divisionByZero) return { ggr: ZERO, ngr: ZERO, divisionByZero: 'ggr' }
    // `values` is the caller's scratch object for this row: setting ggr avoids a copy per row.
    values.ggr = ggr.value
    const ngr = this.ngr(values)
    if (ngr.divisionByZero) return { ggr: ggr.value, ngr: ZERO, divisionByZero: 'ngr' }
    return { ggr: ggr.value, ngr: ngr.value, divisionByZero: null }
  }
}

/** Checks both formulas of a version (what saving an override runs). */
export function checkFormulas(input: {
  ggr: string | null
  ngr: string | null
}): Array<FormulaError & { formula: FormulaKind }> {
  const errors: Array<FormulaError & { formula: FormulaKind }> = []
  for (const kind of ['ggr', 'ngr'] as const) {
    const text = input[kind]
    if (text === null) continue
    const result = parseFormula(text, kind)
    if (!result.ok) errors.push({ ...result.error, formula: kind })
  }
  return errors
}
