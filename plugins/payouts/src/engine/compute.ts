/*
 * The desired rows: a pure function of the inputs (clicks, customers, activity, plans,
 * formulas, rates, period state). Same inputs, same rows, same keys — whatever order the
 * activity arrived in. The ledger compares them with what it recorded (diff.ts).
 *
 * Per customer (§7): registration, the goal `cpa` row, deposit_cpa, cumulative_deposit and
 * one revshare row per affiliate × period; then, over all customers, tiers per affiliate ×
 * campaign × period (§8), the RevShare rows (their NGR % may come from the FTD-count tier),
 * and CPC rows per affiliate × campaign × day.
 */
import type { Context, Rate } from './context.js'
import type { ActivityResult, CompiledFormulas, FormulaValues } from './formula.js'
import { Context as EngineContext } from './context.js'
import { dec, exact, money, percentOf, round2, ZERO, type Decimal } from './money.js'
import { localDateOf, withinDays, type PeriodKey } from './periods.js'
import {
  earnsGoalCpa,
  earnsRevshare,
  isCovered,
  tierAt,
  type Goal,
  type PayoutField,
  type PayoutRule,
  type ResolvedPlan,
  type RuleOperator,
} from './plan.js'
import type {
  ActivityInput,
  CampaignInput,
  Condition,
  CustomerInput,
  DesiredRow,
  EngineInput,
  EngineOutput,
  Explanation,
  FxUse,
  LocalDate,
  RowType,
} from './types.js'

/** One activity row with what the engine derives from it (lazily: NGR only when asked). */
interface Derived {
  activity: ActivityInput
  period: PeriodKey
  affiliateId: number
  deposits: Decimal
  depositCount: number
  rate: Rate
  isFtd: boolean
  ftdAmount: Decimal
  outcome: ActivityResult
  /** NGR with the current formula when the period's differs (ngr rules use the current one). */
  currentNgr: Decimal
}

interface TierEvent {
  row: DesiredRow
  base: Decimal | null
  counted: boolean
  /** Left out of a whole-mode true-up: denied by a cap, or by a fraud mark made before the close. */
  outOfTrueUp: boolean
}

interface TierGroup {
  affiliateId: number
  campaign: CampaignInput
  period: PeriodKey
  origin: 'cpa' | 'cumulative_deposit'
  events: TierEvent[]
}

interface RevshareSegment {
  row: DesiredRow
  plan: ResolvedPlan
  campaign: CampaignInput
  ngr: Decimal
  deposits: Decimal
  ftd: Decimal
  waiting: boolean
}

const ZEROS: FormulaValues = Object.freeze({
  bets: ZERO,
  wins: ZERO,
  bonuses: ZERO,
  chargebacks: ZERO,
  fees: ZERO,
  jackpot: ZERO,
  deposits: ZERO,
  withdrawals: ZERO,
  adjustments: ZERO,
}) as FormulaValues

/** An amount in the campaign's currency (same currency: untouched, no multiplication). */
const convert = (amount: Decimal, rate: Rate) => (rate.use === null ? amount : amount.times(rate.value!))

function compareActivity(a: ActivityInput, b: ActivityInput) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Drops absent fields, so an explanation reads (and compares) the same after a JSON round trip. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as Array<keyof T>) if (value[key] === undefined) delete value[key]
  return value
}

const nonEmpty = (list: string[]) => (list.length ? list : undefined)

function compare(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0
}

const fieldValue = (plan: ResolvedPlan, field: PayoutField) => plan.fields[field].value

function fieldsUsed(plan: ResolvedPlan, names: PayoutField[]): Explanation['fields'] {
  const fields: NonNullable<Explanation['fields']> = {}
  for (const name of names) {
    const field = plan.fields[name]
    if (field.value !== null) fields[name] = { value: exact(field.value), source: field.source ?? 'campaign' }
  }
  return fields
}

function test(operator: RuleOperator, value: Decimal, threshold: Decimal): boolean {
  switch (operator) {
    case 'gt':
      return value.gt(threshold)
    case 'gte':
      return value.gte(threshold)
    case 'lt':
      return value.lt(threshold)
    case 'lte':
      return value.lte(threshold)
    case 'eq':
      return value.eq(threshold)
  }
}

/** A condition of qualification: a windowed running sum compared with a threshold. */
interface Check {
  name: string
  measure: Goal | 'deposits'
  operator: RuleOperator
  threshold: Decimal
  days: number | null
}

type Qualification =
  | { kind: 'qualified'; date: LocalDate; conditions: Condition[] }
  | { kind: 'waiting'; missing: FxUse[] }
  | { kind: 'none' }

/**
 * The first activity date at which every check holds (and the FTD exists, when required).
 * Sums run over activity dated up to that date and within each check's window, converted
 * into the campaign's currency; a row without a rate stops the search there (it waits).
 */
function qualify(
  rows: Derived[],
  registration: LocalDate,
  checks: Check[],
  ftdDate: LocalDate | null | 'none'
): Qualification {
  if (ftdDate === 'none') return { kind: 'none' }
  const sums = checks.map(() => ZERO)
  let index = 0
  while (index < rows.length) {
    const date = rows[index].activity.date
    const missing: FxUse[] = []
    for (; index < rows.length && rows[index].activity.date === date; index++) {
      const row = rows[index]
      checks.forEach((check, at) => {
        if (!withinDays(registration, date, check.days)) return
        let amount: Decimal
        switch (check.measure) {
          case 'd':
            amount = dec(row.depositCount)
            break
          case 'leads':
            return
          case 'deposits':
          case 'c_deposit':
            amount = row.deposits
            break
          case 'ngr':
            amount = row.currentNgr
            break
          case 'ftd':
            if (!row.isFtd) return
            amount = row.ftdAmount
            break
        }
        if (check.measure !== 'd') {
          if (amount.isZero()) return
          if (row.rate.value === null) {
            if (
              row.rate.use &&
              !missing.some((use) => use.date === row.rate.use!.date && use.from === row.rate.use!.from)
            )
              missing.push(row.rate.use)
            return
          }
          amount = convert(amount, row.rate)
        }
        sums[at] = sums[at].plus(amount)
      })
    }
    if (missing.length) return { kind: 'waiting', missing }
    if (ftdDate !== null && ftdDate > date) continue
    const values = checks.map((check, at) => (check.measure === 'leads' ? dec(1) : sums[at]))
    if (checks.every((check, at) => test(check.operator, values[at], check.threshold)))
      return {
        kind: 'qualified',
        date,
        conditions: checks.map((check, at) => ({
          name: check.name,
          variable: check.measure,
          operator: check.operator,
          threshold: exact(check.threshold),
          value: exact(values[at]),
          numberOfDays: check.days,
        })),
      }
  }
  return { kind: 'none' }
}

function ruleChecks(rules: PayoutRule[]): Check[] {
  return rules.map((rule, index) => ({
    name: `rule:${index}`,
    measure: rule.variable,
    operator: rule.operator,
    threshold: dec(rule.value),
    days: rule.numberOfDays,
  }))
}

/** The affiliate that earns on a date: the last reassignment in force, else the attributed one. */
function affiliateResolver(customer: CustomerInput): (date: LocalDate) => number {
  const moves = [...(customer.reassignments ?? [])].sort((a, b) => compare(a.effectiveDate, b.effectiveDate))
  const first = customer.affiliateId as number
  if (!moves.length) return () => first
  return (date) => {
    let affiliate = first
    for (const move of moves) if (move.effectiveDate <= date) affiliate = move.affiliateId
    return affiliate
  }
}

class Run {
  readonly rows: DesiredRow[] = []
  readonly output: EngineOutput = { rows: this.rows, qualifications: [], ngr: [], waitingForRates: [] }
  private readonly tiers = new Map<string, TierGroup>()
  private readonly ftdCounts = new Map<string, number>()
  private readonly revshares: RevshareSegment[] = []

  constructor(private readonly ctx: Context) {}

  customer(customer: CustomerInput) {
    if (customer.campaignId === null || customer.affiliateId === null) return
    const ctx = this.ctx
    const campaign = ctx.campaign(customer.campaignId)
    const plan = campaign.plan
    const brand = ctx.brand(campaign.brandId)
    const registration = customer.registeredOn ?? localDateOf(customer.registeredAt, ctx.zone)
    const affiliateAt = affiliateResolver(customer)
    const covered = isCovered(plan, customer.country)
    const fraud = customer.fraud ?? null
    const earnedBefore = new Set(fraud?.earnedBefore ?? [])
    const capped = new Set(
      (customer.capDenials ?? []).map((cap) =>
        cap.variable === 'deposits' ? `deposits:${cap.activityId}` : cap.variable
      )
    )
    const derived = this.derive(customer, campaign, brand.formulaFor.bind(brand), brand.current, affiliateAt)
    const ftdRow = derived.find((row) => row.isFtd) ?? null
    const base = {
      campaignId: campaign.id,
      brandId: campaign.brandId,
      customerId: customer.id,
      currency: campaign.currency,
    }

    const make = (
      type: RowType,
      key: string,
      date: LocalDate,
      affiliateId: number,
      amount: Decimal | null,
      capVariable: string | null,
      explanation: Omit<Explanation, 'type' | 'customerId' | 'currency' | 'planVersion'>
    ): DesiredRow => {
      const denyReason = fraud ? 'fraud' : capVariable !== null && capped.has(capVariable) ? 'cap_reached' : null
      return {
        key,
        type,
        period: ctx.calendar.periodKeyOf(date),
        date,
        affiliateId,
        ...base,
        amount: amount === null ? null : money(amount),
        status: denyReason ? 'denied' : amount === null ? 'pending_fx' : 'pending',
        denyReason,
        explanation: compact({
          type,
          customerId: customer.id,
          currency: campaign.currency,
          planVersion: plan.version,
          covered,
          ...explanation,
        }),
      }
    }
    const push = (row: DesiredRow) => {
      if (row.amount === null || row.amount !== '0.00') this.rows.push(row)
    }
    const countsInTier = (key: string, capVariable: string) =>
      covered && !capped.has(capVariable) && (!fraud || earnedBefore.has(key))

    // registration: cpaRegP, once, on the registration date (models that keep it, inside coverage).
    if (earnsGoalCpa(plan.model) && covered) {
      const affiliateId = affiliateAt(registration)
      const resolved = ctx.plan(campaign, affiliateId)
      const value = fieldValue(resolved, 'cpaRegP')
      if (value)
        push(
          make('registration', `registration:${customer.id}`, registration, affiliateId, value, 'leads', {
            fields: fieldsUsed(resolved, ['cpaRegP']),
            computation: `cpaRegP ${exact(value)}`,
          })
        )
    }

    // The goal `cpa` row (models cpa and hybrid).
    if (earnsGoalCpa(plan.model) && plan.goal) {
      const goal = plan.goal
      const outside = covered ? null : plan.defaultPayout === null ? null : dec(plan.defaultPayout)
      if (goal === 'd') {
        for (const row of derived) {
          if (row.depositCount <= 0) continue
          const resolved = ctx.plan(campaign, row.affiliateId)
          const unit = covered ? fieldValue(resolved, 'cpaPayout') : outside
          if (!unit) continue
          push(
            make(
              'cpa',
              `cpa:${customer.id}:${row.activity.id}`,
              row.activity.date,
              row.affiliateId,
              unit.times(row.depositCount),
              `deposits:${row.activity.id}`,
              {
                goal,
                activityIds: [row.activity.id],
                basis: { depositCount: String(row.depositCount) },
                fields: covered
                  ? fieldsUsed(resolved, ['cpaPayout'])
                  : { defaultPayout: { value: exact(unit), source: 'campaign' } },
                computation: `${exact(unit)} × ${row.depositCount}`,
                notes: covered ? undefined : ['outside_coverage'],
              }
            )
          )
        }
      } else {
        let qualification: Qualification
        let capVariable: string
        if (goal === 'leads') {
          qualification = { kind: 'qualified', date: registration, conditions: [] }
          capVariable = 'leads'
        } else if (goal === 'ftd') {
          const checks = ruleChecks(plan.rules)
          if (plan.qftd?.minDeposit !== null && plan.qftd?.minDeposit !== undefined)
            checks.unshift({
              name: 'qftd',
              measure: 'deposits',
              operator: 'gte',
              threshold: dec(plan.qftd.minDeposit),
              days: plan.qftd.daysSinceRegistration,
            })
          qualification = qualify(derived, registration, checks, ftdRow ? ftdRow.activity.date : 'none')
          capVariable = 'ftd'
        } else if (goal === 'c_deposit') {
          qualification =
            plan.cumulativeDeposit === null
              ? { kind: 'none' }
              : qualify(
                  derived,
                  registration,
                  [
                    {
                      name: 'cumulative_deposit',
                      measure: 'deposits',
                      operator: 'gte',
                      threshold: dec(plan.cumulativeDeposit),
                      days: plan.numberOfDays,
                    },
                  ],
                  null
                )
          capVariable = 'c_deposit'
        } else {
          qualification = qualify(derived, registration, ruleChecks(plan.rules), null)
          capVariable = 'ngr'
        }
        const date = this.settle(customer, 'cpa', qualification, customer.qualified?.cpa)
        if (date) {
          const affiliateId = affiliateAt(date)
          const resolved = ctx.plan(campaign, affiliateId)
          const field: PayoutField = goal === 'ftd' ? 'cpaFtdP' : goal === 'c_deposit' ? 'cpaCdP' : 'cpaPayout'
          const used = fieldValue(resolved, field) ? field : 'cpaPayout'
          const value = covered ? fieldValue(resolved, used) : outside
          const key = `cpa:${customer.id}`
          const row = make('cpa', key, date, affiliateId, value ?? ZERO, capVariable, {
            goal,
            activityIds: ftdRow && goal === 'ftd' ? [ftdRow.activity.id] : undefined,
            qualifiedOn: date,
            conditions: qualification.kind === 'qualified' ? qualification.conditions : undefined,
            fields: covered
              ? fieldsUsed(resolved, [used])
              : outside
                ? { defaultPayout: { value: exact(outside), source: 'campaign' } }
                : undefined,
            notes: nonEmpty([
              ...(covered ? [] : ['outside_coverage']),
              ...(qualification.kind === 'qualified' && qualification.date === date ? [] : ['qualification_recorded']),
            ]),
          })
          if (covered) this.tierEvent(row, campaign, 'cpa', value, countsInTier(key, capVariable), customer)
          else if (value) push(row)
        }
      }
    }

    // deposit_cpa: cpaDP × deposit_count per activity row with deposits (inside coverage).
    if (earnsGoalCpa(plan.model) && covered) {
      for (const row of derived) {
        if (row.depositCount <= 0) continue
        const resolved = ctx.plan(campaign, row.affiliateId)
        const unit = fieldValue(resolved, 'cpaDP')
        if (!unit) continue
        push(
          make(
            'deposit_cpa',
            `deposit_cpa:${customer.id}:${row.activity.id}`,
            row.activity.date,
            row.affiliateId,
            unit.times(row.depositCount),
            `deposits:${row.activity.id}`,
            {
              activityIds: [row.activity.id],
              basis: { depositCount: String(row.depositCount) },
              fields: fieldsUsed(resolved, ['cpaDP']),
              computation: `${exact(unit)} × ${row.depositCount}`,
            }
          )
        )
      }
    }

    // cumulative_deposit (model cumulative_deposit): once deposits within numberOfDays reach cumulativeDeposit.
    if (plan.model === 'cumulative_deposit' && covered && plan.cumulativeDeposit !== null) {
      const qualification = qualify(
        derived,
        registration,
        [
          {
            name: 'cumulative_deposit',
            measure: 'deposits',
            operator: 'gte',
            threshold: dec(plan.cumulativeDeposit),
            days: plan.numberOfDays,
          },
        ],
        null
      )
      const date = this.settle(customer, 'cumulativeDeposit', qualification, customer.qualified?.cumulativeDeposit)
      if (date) {
        const affiliateId = affiliateAt(date)
        const resolved = ctx.plan(campaign, affiliateId)
        const value = fieldValue(resolved, 'cpaCdP')
        const key = `cumulative_deposit:${customer.id}`
        const row = make('cumulative_deposit', key, date, affiliateId, value ?? ZERO, 'c_deposit', {
          qualifiedOn: date,
          conditions: qualification.kind === 'qualified' ? qualification.conditions : undefined,
          fields: fieldsUsed(resolved, ['cpaCdP']),
          notes:
            qualification.kind === 'qualified' && qualification.date === date ? undefined : ['qualification_recorded'],
        })
        this.tierEvent(row, campaign, 'cumulative_deposit', value, countsInTier(key, 'c_deposit'), customer)
      }
    }

    // FTD counts (model cps: the tier replaces cpsNgrP).
    if (plan.model === 'cps' && covered && ftdRow && (!fraud || earnedBefore.has('ftd'))) {
      const key = `${ftdRow.affiliateId}|${campaign.id}|${ftdRow.period}`
      this.ftdCounts.set(key, (this.ftdCounts.get(key) ?? 0) + 1)
    }

    // Per affiliate × period: RevShare segments and the NGR share of the referral basis.
    const segments = new Map<string, { period: PeriodKey; affiliateId: number; rows: Derived[] }>()
    for (const row of derived) {
      const key = `${row.period}|${row.affiliateId}`
      let segment = segments.get(key)
      if (!segment) segments.set(key, (segment = { period: row.period, affiliateId: row.affiliateId, rows: [] }))
      segment.rows.push(row)
    }
    for (const segment of segments.values()) {
      let ngr = ZERO
      let deposits = ZERO
      let ftd = ZERO
      let waiting = false
      const fx: FxUse[] = []
      const notes: string[] = []
      const seen = new Set<string>()
      for (const row of segment.rows) {
        if (row.outcome.divisionByZero)
          notes.push(`formula.division_by_zero:${row.activity.id}:${row.outcome.divisionByZero}`)
        const use = row.rate.use
        if (use && !seen.has(`${use.from}|${use.date}`)) {
          seen.add(`${use.from}|${use.date}`)
          fx.push(use)
        }
        if (row.rate.value === null) {
          if (!row.outcome.ngr.isZero() || !row.deposits.isZero() || (row.isFtd && !row.ftdAmount.isZero()))
            waiting = true
          continue
        }
        if (!row.outcome.ngr.isZero()) ngr = ngr.plus(convert(row.outcome.ngr, row.rate))
        if (!row.deposits.isZero()) deposits = deposits.plus(convert(row.deposits, row.rate))
        if (row.isFtd) ftd = ftd.plus(convert(row.ftdAmount, row.rate))
      }
      if (!fraud)
        this.output.ngr.push({
          customerId: customer.id,
          affiliateId: segment.affiliateId,
          currency: campaign.currency,
          period: segment.period,
          ngr: waiting ? null : money(ngr),
        })
      if (!earnsRevshare(plan.model) || !covered) continue
      const resolved = ctx.plan(campaign, segment.affiliateId)
      const formula = brand.formulaFor(segment.period)
      const row = make(
        'revshare',
        `revshare:${customer.id}:${segment.affiliateId}:${segment.period}`,
        ctx.calendar.period(segment.period).end,
        segment.affiliateId,
        null,
        null,
        {
          activityIds: segment.rows.map((row) => row.activity.id),
          basis: waiting ? undefined : { ngr: exact(ngr), deposits: exact(deposits), ftdAmount: exact(ftd) },
          fx: fx.length ? fx : undefined,
          formulaVersion: formula.version.version,
          notes: notes.length ? notes : undefined,
        }
      )
      if (!ctx.isFinal(segment.period)) row.provisional = true
      this.revshares.push({ row, plan: resolved, campaign, ngr, deposits, ftd, waiting })
    }
  }

  /** Activity rows in date order with their period, earning affiliate, rate and NGR. */
  private derive(
    customer: CustomerInput,
    campaign: CampaignInput,
    formulaFor: (period: PeriodKey) => CompiledFormulas,
    current: CompiledFormulas,
    affiliateAt: (date: LocalDate) => number
  ): Derived[] {
    const sorted = [...customer.activity].sort(compareActivity)
    return sorted.map((activity) => {
      const period = this.ctx.calendar.periodKeyOf(activity.date)
      const formula = formulaFor(period)
      // Only the amounts a formula reads (and deposits) are parsed; the others stay 0.
      const values = { ...ZEROS }
      values.deposits = dec(activity.deposits)
      for (const name of formula.reads) values[name] = dec(activity[name])
      if (formula !== current) for (const name of current.reads) values[name] = dec(activity[name])
      const outcome = formula.evaluate(values)
      const currentNgr = formula === current ? outcome.ngr : current.evaluate(values).ngr
      const isFtd = customer.ftdActivityId !== null && activity.id === customer.ftdActivityId
      return {
        activity,
        period,
        affiliateId: affiliateAt(activity.date),
        deposits: values.deposits,
        depositCount: activity.depositCount ?? 0,
        rate: this.ctx.rate(activity.currency, campaign.currency, activity.date),
        isFtd,
        ftdAmount: isFtd
          ? activity.ftdAmount !== null && activity.ftdAmount !== undefined
            ? dec(activity.ftdAmount)
            : values.deposits
          : ZERO,
        outcome,
        currentNgr,
      }
    })
  }

  /** A qualification date: the earlier of the recorded and the computed one; never un-qualified. */
  private settle(
    customer: CustomerInput,
    kind: 'cpa' | 'cumulativeDeposit',
    found: Qualification,
    recorded: LocalDate | undefined
  ): LocalDate | null {
    const computed = found.kind === 'qualified' ? found.date : null
    if (found.kind === 'waiting') this.output.waitingForRates.push({ customerId: customer.id, missing: found.missing })
    const date = recorded && (!computed || recorded <= computed) ? recorded : computed
    if (date && date !== recorded) this.output.qualifications.push({ customerId: customer.id, kind, date })
    return date
  }

  private tierEvent(
    row: DesiredRow,
    campaign: CampaignInput,
    origin: 'cpa' | 'cumulative_deposit',
    base: Decimal | null,
    counted: boolean,
    customer: CustomerInput
  ) {
    const key = `${row.affiliateId}|${campaign.id}|${row.period}`
    let group = this.tiers.get(key)
    if (!group)
      this.tiers.set(key, (group = { affiliateId: row.affiliateId, campaign, period: row.period, origin, events: [] }))
    let outOfTrueUp = row.denyReason === 'cap_reached'
    if (row.denyReason === 'fraud') {
      // A fraud mark after the period's close leaves its true-up alone (a clawback follows instead).
      const closedAt = this.ctx.isClosed(row.period) ? this.ctx.closedAt(row.period) : undefined
      const markedAt = customer.fraud ? Date.parse(customer.fraud.markedAt) : 0
      outOfTrueUp = !this.ctx.isClosed(row.period) || (closedAt !== undefined && markedAt < Date.parse(closedAt))
    }
    group.events.push({ row, base, counted, outOfTrueUp })
  }

  /** §8: each tiered event's amount; whole mode in a final period adds one true-up row per affiliate × campaign. */
  priceTiers() {
    for (const group of this.tiers.values()) {
      const rangeRules = group.campaign.plan.rangeRules
      const mode = rangeRules?.mode ?? 'marginal'
      group.events.sort(
        (a, b) =>
          compare(a.row.date, b.row.date) ||
          (a.row.customerId ?? 0) - (b.row.customerId ?? 0) ||
          compare(a.row.key, b.row.key)
      )
      let count = 0
      const paid: Array<{ event: TierEvent; amount: Decimal }> = []
      for (const event of group.events) {
        if (event.counted) count++
        const at = event.counted ? count : count + 1
        const tier = tierAt(rangeRules, at)
        const unit = tier?.payout ?? event.base ?? ZERO
        event.row.amount = money(unit)
        event.row.counted = event.counted
        if (rangeRules?.ranges.length)
          event.row.explanation.tier = {
            mode,
            count: at,
            from: tier?.from ?? null,
            payout: tier ? exact(tier.payout) : null,
          }
        event.row.explanation.computation = tier ? `tier from ${tier.from}: ${exact(unit)}` : `${exact(unit)}`
        paid.push({ event, amount: round2(unit) })
      }
      const whole = mode === 'whole' && this.ctx.isFinal(group.period) && !!rangeRules?.ranges.length
      let trueUp = ZERO
      if (whole) {
        const finalTier = tierAt(rangeRules, count)
        for (const { event, amount } of paid) {
          const finalAmount = round2(finalTier?.payout ?? event.base ?? ZERO)
          event.row.finalAmount = money(finalAmount)
          Object.assign(event.row.explanation.tier!, {
            finalCount: count,
            finalPayout: finalTier ? exact(finalTier.payout) : null,
          })
          if (event.counted && !event.outOfTrueUp) trueUp = trueUp.plus(finalAmount.minus(amount))
        }
      }
      for (const { event } of paid) if (event.row.amount !== '0.00') this.rows.push(event.row)
      if (whole && !trueUp.isZero()) {
        const info = this.ctx.calendar.period(group.period)
        const finalTier = tierAt(rangeRules, count)
        this.rows.push({
          key: `tier_trueup:${group.affiliateId}:${group.campaign.id}:${group.period}`,
          type: 'correction',
          period: group.period,
          date: info.end,
          affiliateId: group.affiliateId,
          campaignId: group.campaign.id,
          brandId: group.campaign.brandId,
          customerId: null,
          currency: group.campaign.currency,
          amount: money(trueUp),
          status: 'pending',
          denyReason: null,
          explanation: {
            type: 'correction',
            currency: group.campaign.currency,
            planVersion: group.campaign.plan.version,
            corrects: {
              key: `tier:${group.affiliateId}:${group.campaign.id}:${group.period}`,
              type: group.origin,
              period: group.period,
            },
            tier: {
              mode: 'whole',
              count,
              from: finalTier?.from ?? null,
              payout: finalTier ? exact(finalTier.payout) : null,
              finalCount: count,
              finalPayout: finalTier ? exact(finalTier.payout) : null,
            },
            computation: `Σ (final tier − paid so far) over the period's ${count} counted events = ${money(trueUp)}`,
            notes: ['tier_true_up'],
          },
        })
      }
    }
  }

  /** RevShare rows: cpsNgrP % × NGR + cpsDP % × deposits + cpsFtdP % × FTD amount (cps: NGR % from the FTD-count tier). */
  priceRevshares() {
    for (const segment of this.revshares) {
      const { row, plan, campaign } = segment
      const rangeRules = campaign.plan.rangeRules
      let ngrPercent = fieldValue(plan, 'cpsNgrP') ?? ZERO
      if (campaign.plan.model === 'cps' && rangeRules?.ranges.length) {
        const count = this.ftdCounts.get(`${row.affiliateId}|${campaign.id}|${row.period}`) ?? 0
        const tier = tierAt(rangeRules, count)
        row.explanation.tier = {
          mode: 'whole',
          count,
          from: tier?.from ?? null,
          payout: tier ? exact(tier.payout) : null,
        }
        if (tier) ngrPercent = tier.payout
      }
      const depositPercent = fieldValue(plan, 'cpsDP') ?? ZERO
      const ftdPercent = fieldValue(plan, 'cpsFtdP') ?? ZERO
      row.explanation.fields = fieldsUsed(plan, ['cpsNgrP', 'cpsDP', 'cpsFtdP'])
      if (row.explanation.tier?.payout)
        row.explanation.fields!.cpsNgrP = { value: row.explanation.tier.payout, source: 'tier' }
      if (segment.waiting) {
        row.amount = null
        if (row.status !== 'denied') row.status = 'pending_fx'
        this.rows.push(row)
        continue
      }
      const amount = percentOf(segment.ngr, ngrPercent)
        .plus(percentOf(segment.deposits, depositPercent))
        .plus(percentOf(segment.ftd, ftdPercent))
      row.amount = money(amount)
      if (row.status === 'pending_fx') row.status = 'pending'
      row.explanation.computation = `${exact(ngrPercent)} % × ${exact(segment.ngr)} + ${exact(depositPercent)} % × ${exact(segment.deposits)} + ${exact(ftdPercent)} % × ${exact(segment.ftd)} = ${exact(amount)} → ${row.amount}`
      if (row.amount !== '0.00') this.rows.push(row)
    }
  }

  /** CPC: cpaPayout × clicks, one row per affiliate × campaign × day (model cpc; coverage does not apply). */
  clicks(clicks: EngineInput['clicks']) {
    const counts = new Map<string, { affiliateId: number; campaignId: number; date: LocalDate; count: number }>()
    for (const click of clicks ?? []) {
      if (!Number.isInteger(click.count) || click.count < 0)
        throw new RangeError(`engine: click count must be a whole number ≥ 0`)
      const key = `${click.affiliateId}:${click.campaignId}:${click.date}`
      const entry = counts.get(key)
      if (entry) entry.count += click.count
      else counts.set(key, { ...click })
    }
    for (const [key, entry] of counts) {
      const campaign = this.ctx.campaign(entry.campaignId)
      if (campaign.plan.model !== 'cpc' || entry.count === 0) continue
      const resolved = this.ctx.plan(campaign, entry.affiliateId)
      const unit = fieldValue(resolved, 'cpaPayout')
      if (!unit) continue
      const amount = money(unit.times(entry.count))
      if (amount === '0.00') continue
      this.rows.push({
        key: `cpc:${key}`,
        type: 'cpc',
        period: this.ctx.calendar.periodKeyOf(entry.date),
        date: entry.date,
        affiliateId: entry.affiliateId,
        campaignId: campaign.id,
        brandId: campaign.brandId,
        customerId: null,
        currency: campaign.currency,
        amount,
        status: 'pending',
        denyReason: null,
        explanation: {
          type: 'cpc',
          clicks: entry.count,
          currency: campaign.currency,
          planVersion: campaign.plan.version,
          fields: fieldsUsed(resolved, ['cpaPayout']),
          computation: `${exact(unit)} × ${entry.count} = ${exact(unit.times(entry.count))} → ${amount}`,
        },
      })
    }
  }
}

/** Every row the inputs call for (sorted by key), with qualifications found and the NGR shares. */
/** The engine's work as steps: one per customer, then the pricing and the output. */
function* computeSteps(input: EngineInput): Generator<void, EngineOutput> {
  const run = new Run(new EngineContext(input))
  for (const customer of input.customers) {
    run.customer(customer)
    yield
  }
  run.priceTiers()
  run.priceRevshares()
  run.clicks(input.clicks)
  run.rows.sort((a, b) => compare(a.key, b.key))
  run.output.ngr.sort(
    (a, b) => a.customerId - b.customerId || compare(a.period, b.period) || a.affiliateId - b.affiliateId
  )
  run.output.qualifications.sort((a, b) => a.customerId - b.customerId || compare(a.kind, b.kind))
  run.output.waitingForRates.sort((a, b) => a.customerId - b.customerId)
  return run.output
}

export function computeRows(input: EngineInput): EngineOutput {
  const steps = computeSteps(input)
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value
}

/**
 * The same computation (same steps, same rows), handing the event loop back whenever it has
 * run `budgetMs`: a batch of thousands of players takes tens of milliseconds, which the
 * web process's requests (the click path, inbound postbacks) would otherwise wait out.
 */
export async function computeRowsYielding(input: EngineInput, budgetMs = 5): Promise<EngineOutput> {
  const steps = computeSteps(input)
  let sliceStarted = performance.now()
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value
    if (performance.now() - sliceStarted >= budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      sliceStarted = performance.now()
    }
  }
}
