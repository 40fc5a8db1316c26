/*
 * What one engine run looks up again and again, built once from its input: the calendar,
 * compiled brand formulas per version, resolved plans per affiliate × campaign, rates.
 */
import { CompiledFormulas } from './formula.js'
import { dec, type Decimal } from './money.js'
import { Calendar, isClosed, type PeriodKey } from './periods.js'
import { resolvePlan, type ResolvedPlan } from './plan.js'
import type { AffiliateInput, BrandInput, CampaignInput, Currency, EngineInput, FxUse, LocalDate } from './types.js'

const ONE = dec(1)

class BrandRuntime {
  readonly current: CompiledFormulas
  private readonly versions = new Map<number, CompiledFormulas>()
  constructor(
    readonly input: BrandInput,
    private readonly closed: (period: PeriodKey) => boolean
  ) {
    this.current = new CompiledFormulas(input.formula)
    this.versions.set(input.formula.version, this.current)
    for (const version of input.formulaVersions ?? [])
      if (!this.versions.has(version.version)) this.versions.set(version.version, new CompiledFormulas(version))
  }

  /** Closed periods keep the version they were closed with; open ones use the current one. */
  formulaFor(period: PeriodKey): CompiledFormulas {
    if (!this.closed(period)) return this.current
    const version = this.input.closedPeriodFormulas?.[period]
    if (version === undefined) return this.current
    const compiled = this.versions.get(version)
    if (!compiled)
      throw new Error(`engine: brand ${this.input.id} has no formula version ${version} (closed period ${period})`)
    return compiled
  }
}

export interface Rate {
  value: Decimal | null
  use: FxUse | null
}

export class Context {
  readonly calendar: Calendar
  readonly zone: string
  /** Periods computed as final: whole-mode tiers are trued up. */
  readonly finalThrough: PeriodKey | null
  private readonly brands = new Map<number, BrandRuntime>()
  private readonly campaigns = new Map<number, CampaignInput>()
  private readonly affiliates = new Map<number, AffiliateInput>()
  private readonly plans = new Map<string, ResolvedPlan>()
  private readonly rates = new Map<string, Rate>()

  constructor(readonly input: EngineInput) {
    this.calendar = new Calendar(input.organization.period)
    this.zone = input.organization.timeZone
    this.finalThrough = input.finalThrough === undefined ? input.organization.periods.lastClosed : input.finalThrough
    const closed = (period: PeriodKey) => isClosed(input.organization.periods, period)
    for (const brand of input.brands) this.brands.set(brand.id, new BrandRuntime(brand, closed))
    for (const campaign of input.campaigns) this.campaigns.set(campaign.id, campaign)
    for (const affiliate of input.affiliates) this.affiliates.set(affiliate.id, affiliate)
  }

  isClosed(period: PeriodKey): boolean {
    return isClosed(this.input.organization.periods, period)
  }

  isFinal(period: PeriodKey): boolean {
    return this.finalThrough !== null && period <= this.finalThrough
  }

  closedAt(period: PeriodKey): string | undefined {
    return this.input.organization.closedAt?.[period]
  }

  brand(id: number): BrandRuntime {
    const brand = this.brands.get(id)
    if (!brand) throw new Error(`engine: brand ${id} missing from the input`)
    return brand
  }

  campaign(id: number): CampaignInput {
    const campaign = this.campaigns.get(id)
    if (!campaign) throw new Error(`engine: campaign ${id} missing from the input`)
    return campaign
  }

  affiliate(id: number): AffiliateInput | undefined {
    return this.affiliates.get(id)
  }

  /** The plan that applies to `affiliateId` on `campaign` (§6), resolved once per run. */
  plan(campaign: CampaignInput, affiliateId: number): ResolvedPlan {
    const key = `${campaign.id}|${affiliateId}`
    let resolved = this.plans.get(key)
    if (!resolved) {
      const groupId = this.affiliates.get(affiliateId)?.primaryGroupId ?? null
      resolved = resolvePlan(
        campaign.plan,
        affiliateId,
        campaign.affiliatePayouts?.[affiliateId],
        groupId === null ? null : campaign.groupPayouts?.[groupId]
      )
      this.plans.set(key, resolved)
    }
    return resolved
  }

  /** The organisation's rate for that exact date and direction (same currency: 1, not recorded). */
  rate(from: Currency, to: Currency, date: LocalDate): Rate {
    if (from === to) return { value: ONE, use: null }
    const key = `${from}|${to}|${date}`
    let rate = this.rates.get(key)
    if (!rate) {
      const text = this.input.rates(from, to, date)
      const value = text === null || text === undefined ? null : dec(text)
      if (value !== null && !value.gt(0)) throw new Error(`engine: rate ${from}→${to} on ${date} must be positive`)
      rate = { value, use: { from, to, date, rate: value === null ? null : text } }
      this.rates.set(key, rate)
    }
    return rate
  }
}
