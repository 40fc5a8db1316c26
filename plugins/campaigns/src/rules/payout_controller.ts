/*
 * Payout plans (spec §3 Payout): GET|PUT /campaigns/:id/payout, one plan per campaign.
 *
 * - PUT sets the plan: the model's fields (a field the model does not keep is refused by
 *   name, checks.ts), goal, cumulative deposit and days (model cumulative_deposit, or goal
 *   c_deposit), QFTD, default payout, coverage countries and rules are replaced; `rangeRules`
 *   (with its mode), `affiliatePayouts` and `groupPayouts` change only when sent. Amounts and
 *   percentages carry up to 4 decimals.
 * - Every save is a new version of the plan (the number commission rows name), kept as saved
 *   in campaign_payout_versions, and announces `campaigns.payoutChanged`.
 * - Spec §4: the model and goal of a saved plan change only while the campaign has no
 *   customers or activity (registered checks, activity.ts) — else 409.
 * - Spec §4: range rules, once saved enabled, can only be removed (`rangeRules: null` or no
 *   ranges); disabling or editing them is refused. Saved disabled they are a draft.
 * - An affiliate reads its own payout: the plan with its override (else its primary group's)
 *   applied, never the overrides of others.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { affiliateNames, affiliateTerms } from '@affix/affiliates/contracts'
import { AppError, missingIds, ok, teamScopeOf, tenantQuery, unprocessable, validate } from '@affix/core/kernel'
import { recordTimeline } from '../services/timeline.js'
import { campaignHasActivity } from './activity.js'
import { checkPayout, Failures, type PayoutInput } from './checks.js'
import { payoutChanged } from '../services/payout_events.js'
import { keptFields, PAYOUT_COLUMNS, PAYOUT_FIELDS, type PayoutField, type PayoutModel } from './constants.js'
import { campaignToChange, campaignToRead, changed, SCOPE } from './guards.js'
import { payoutValidator } from './validators.js'

type Row = Record<string, any>
type Fields = Record<PayoutField, string | null>

/** A stored plan amount as text with at least 2 decimals and no trailing zeros beyond them ("50.50", "0.0125"). */
export function planDecimal(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = String(value)
  const [whole, fraction = ''] = text.split('.')
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0')
  return `${whole}.${trimmed}`
}
/** A validated number (at most 4 decimals) as the decimal text it is stored as. */
const money = (value: number | null | undefined) =>
  value === null || value === undefined ? null : planDecimal(value.toFixed(4))
const decimal = planDecimal

function fieldsOf(row: Row | null | undefined): Fields {
  return Object.fromEntries(PAYOUT_FIELDS.map((field) => [field, decimal(row?.[PAYOUT_COLUMNS[field]])])) as Fields
}

function columnsOf(values: Partial<Record<PayoutField, number | null>>, model: PayoutModel, goal: string | null) {
  const keep = new Set(keptFields(model, goal).fields)
  return Object.fromEntries(
    PAYOUT_FIELDS.map((field) => [PAYOUT_COLUMNS[field], keep.has(field) ? money(values[field]) : null])
  )
}

async function loadPlan(campaignId: number, client: TransactionClientContract | typeof db = db, lock = false) {
  // tenancy: every caller found the campaign with its organisation first (findCampaign)
  const query = client.from('campaign_payouts').where('campaign_id', campaignId)
  if (lock) query.forUpdate()
  return (await query.first()) as Row | null
}

function presentPlan(campaignId: number, plan: Row) {
  return {
    campaignId,
    model: plan.model as PayoutModel,
    goal: plan.goal ?? null,
    ...fieldsOf(plan),
    cumulativeDeposit: decimal(plan.cumulative_deposit),
    numberOfDays: plan.number_of_days ?? null,
    qftd: { minDeposit: decimal(plan.qftd_min_deposit), daysSinceRegistration: plan.qftd_days ?? null },
    defaultPayout: decimal(plan.default_payout),
    coverageCountries: plan.coverage_countries ?? [],
    rules: plan.rules ?? [],
    rangeRules: {
      enabled: Boolean(plan.range_rules_enabled),
      mode: (plan.range_rules_mode ?? 'marginal') as 'marginal' | 'whole',
      ranges: ((plan.range_rules ?? []) as Array<{ from: string; payout: string }>).map((range) => ({
        from: planDecimal(range.from)!,
        payout: planDecimal(range.payout)!,
      })),
    },
    version: Number(plan.version ?? 1),
    updatedAt: new Date(plan.updated_at).toISOString(),
  }
}

/** The full plan with the overrides the caller may see (a team member: its affiliates'). */
async function presentForManager(ctx: HttpContext, campaignId: number, organizationId: number) {
  const plan = await loadPlan(campaignId)
  if (!plan) return null
  const { affiliateIds: visible } = await teamScopeOf(ctx)
  const overrides = await tenantQuery(organizationId)
    .from('campaign_payout_overrides')
    .where('campaign_id', campaignId)
    .orderBy('id')
  const affiliateRows = overrides.filter(
    (row) => row.affiliate_id !== null && (!visible || visible.includes(Number(row.affiliate_id)))
  )
  const names = await affiliateNames(
    organizationId,
    affiliateRows.map((row) => Number(row.affiliate_id))
  )
  return {
    ...presentPlan(campaignId, plan),
    affiliatePayouts: affiliateRows.map((row) => ({
      affiliateId: Number(row.affiliate_id),
      affiliateName: names.get(Number(row.affiliate_id)) ?? null,
      ...fieldsOf(row),
    })),
    groupPayouts: overrides
      .filter((row) => row.group_id !== null)
      .map((row) => ({ groupId: Number(row.group_id), ...fieldsOf(row) })),
    appliedOverride: null,
  }
}

/** What one affiliate is paid: its own override, else its primary group's, over the plan. */
async function presentForAffiliate(campaignId: number, organizationId: number, affiliateId: number) {
  const plan = await loadPlan(campaignId)
  if (!plan) return null
  const terms = await affiliateTerms(organizationId, affiliateId)
  const overrides = await tenantQuery(organizationId)
    .from('campaign_payout_overrides')
    .where('campaign_id', campaignId)
    .where((query) => {
      query.where('affiliate_id', affiliateId)
      if (terms?.groupId) query.orWhere('group_id', terms.groupId)
    })
  const own = overrides.find((row) => row.affiliate_id !== null)
  const override = own ?? overrides[0]
  const effective = { ...fieldsOf(plan) }
  if (override) {
    for (const [field, value] of Object.entries(fieldsOf(override)))
      if (value !== null) effective[field as PayoutField] = value
  }
  return {
    ...presentPlan(campaignId, plan),
    ...effective,
    affiliatePayouts: [],
    groupPayouts: [],
    appliedOverride: override ? (own ? 'affiliate' : 'group') : null,
  }
}

/** The plan with every override, as saved (what a version keeps). */
async function planSnapshot(campaignId: number, trx: TransactionClientContract) {
  const plan = await loadPlan(campaignId, trx)
  // tenancy: the campaign was found with its organisation and locked by the caller
  const overrides = await trx.from('campaign_payout_overrides').where('campaign_id', campaignId).orderBy('id')
  return {
    ...presentPlan(campaignId, plan!),
    affiliatePayouts: overrides
      .filter((row) => row.affiliate_id !== null)
      .map((row) => ({ affiliateId: Number(row.affiliate_id), ...fieldsOf(row) })),
    groupPayouts: overrides
      .filter((row) => row.group_id !== null)
      .map((row) => ({ groupId: Number(row.group_id), ...fieldsOf(row) })),
  }
}

function sameRanges(saved: Array<{ from: string; payout: string }>, sent: Array<{ from: number; payout: number }>) {
  return (
    saved.length === sent.length &&
    saved.every(
      (range, index) =>
        planDecimal(range.from) === money(sent[index].from) && planDecimal(range.payout) === money(sent[index].payout)
    )
  )
}

export default class PayoutController {
  async show(ctx: HttpContext) {
    const campaign = await campaignToRead(ctx, { affiliates: true })
    const data =
      ctx.tenant.role === 'affiliate'
        ? await presentForAffiliate(campaign.id, campaign.organizationId, ctx.tenant.userId)
        : await presentForManager(ctx, campaign.id, campaign.organizationId)
    return ok(ctx, data)
  }

  async update(ctx: HttpContext) {
    const campaign = await campaignToChange(ctx)
    const input = (await validate(ctx, payoutValidator, SCOPE)) as PayoutInput & Record<string, any>
    const failures = new Failures()
    checkPayout(input, failures)
    failures.throwIfAny(ctx)

    const { affiliateIds: visible } = await teamScopeOf(ctx)
    if (input.affiliatePayouts) {
      const ids = input.affiliatePayouts.map((entry) => entry.affiliateId)
      const unknown = [
        ...new Set([
          ...(await missingIds(campaign.organizationId, 'affiliates', ids)),
          ...(visible ? ids.filter((id) => !visible.includes(id)) : []),
        ]),
      ]
      if (unknown.length)
        throw unprocessable(`${SCOPE}.errors.unknown_affiliates`, {
          ids: unknown.join(', '),
          fields: [{ field: 'affiliatePayouts', rule: 'exists' }],
        })
    }
    if (input.groupPayouts) {
      const unknown = await missingIds(
        campaign.organizationId,
        'affiliate-groups',
        input.groupPayouts.map((entry) => entry.groupId)
      )
      if (unknown.length)
        throw unprocessable(`${SCOPE}.errors.unknown_groups`, {
          ids: unknown.join(', '),
          fields: [{ field: 'groupPayouts', rule: 'exists' }],
        })
    }

    await db.transaction(async (trx) => {
      const saved = await loadPlan(campaign.id, trx, true)
      // Spec §4: the payout plan changes only while the campaign has no customers or activity.
      if (
        saved &&
        (saved.model !== input.model || (saved.goal ?? null) !== (input.goal ?? null)) &&
        (await campaignHasActivity(campaign.organizationId, campaign.id))
      )
        throw new AppError(`${SCOPE}.errors.plan_locked`, 409, 'conflict')

      let rangeEnabled = Boolean(saved?.range_rules_enabled)
      let ranges: Array<{ from: string; payout: string }> = saved?.range_rules ?? []
      let rangeMode: 'marginal' | 'whole' = saved?.range_rules_mode ?? 'marginal'
      if (input.rangeRules !== undefined) {
        const sent = input.rangeRules
        const removal = sent === null || sent.ranges.length === 0
        const sentMode = sent?.mode ?? (input.model === 'cps' ? 'whole' : 'marginal')
        // Spec §4: a range rule, once enabled, can only be removed.
        if (
          rangeEnabled &&
          !removal &&
          !(sent.enabled && sameRanges(ranges, sent.ranges) && (sent.mode === undefined || sent.mode === rangeMode))
        )
          throw unprocessable(`${SCOPE}.errors.range_locked`, { fields: [{ field: 'rangeRules', rule: 'locked' }] })
        if (!(rangeEnabled && !removal)) rangeMode = removal ? 'marginal' : sentMode
        rangeEnabled = removal ? false : sent.enabled
        ranges = removal ? [] : sent.ranges.map((range) => ({ from: money(range.from)!, payout: money(range.payout)! }))
      }
      // A Rev Share tier always pays the tier the period reaches.
      if (input.model === 'cps') rangeMode = 'whole'
      const kept = keptFields(input.model, input.goal ?? null)
      const version = Number(saved?.version ?? 0) + 1

      const now = new Date()
      const row = {
        campaign_id: campaign.id,
        organization_id: campaign.organizationId,
        model: input.model,
        goal: input.goal ?? null,
        ...columnsOf(input, input.model, input.goal ?? null),
        cumulative_deposit: kept.cumulative ? money(input.cumulativeDeposit) : null,
        number_of_days: kept.cumulative ? (input.numberOfDays ?? null) : null,
        qftd_min_deposit: money(input.qftd?.minDeposit),
        qftd_days: input.qftd?.daysSinceRegistration ?? null,
        default_payout: money(input.defaultPayout),
        coverage_countries: JSON.stringify(input.coverageCountries ?? []),
        rules: JSON.stringify(
          (input.rules ?? []).map((rule: Record<string, any>) => ({
            variable: rule.variable,
            operator: rule.operator,
            value: money(rule.value),
            numberOfDays: rule.numberOfDays ?? null,
            cumulativeDeposit: money(rule.cumulativeDeposit),
            isPercentage: Boolean(rule.isPercentage),
          }))
        ),
        range_rules_enabled: rangeEnabled,
        range_rules: JSON.stringify(ranges),
        range_rules_mode: rangeMode,
        version,
        updated_at: now,
      }
      await trx
        .insertQuery()
        .table('campaign_payouts')
        .insert({ ...row, created_at: now })
        .onConflict('campaign_id')
        .merge(Object.keys(row).filter((key) => key !== 'campaign_id' && key !== 'organization_id'))

      if (input.affiliatePayouts) {
        const replaced = tenantQuery(campaign.organizationId, trx)
          .from('campaign_payout_overrides')
          .where('campaign_id', campaign.id)
          .whereNotNull('affiliate_id')
        if (visible) replaced.whereIn('affiliate_id', visible.length ? visible : [0])
        await replaced.delete()
        if (input.affiliatePayouts.length)
          await trx
            .insertQuery()
            .table('campaign_payout_overrides')
            .multiInsert(
              input.affiliatePayouts.map((entry) => ({
                organization_id: campaign.organizationId,
                campaign_id: campaign.id,
                affiliate_id: entry.affiliateId,
                ...columnsOf(entry, input.model, input.goal ?? null),
              }))
            )
      }
      if (input.groupPayouts) {
        await tenantQuery(campaign.organizationId, trx)
          .from('campaign_payout_overrides')
          .where('campaign_id', campaign.id)
          .whereNotNull('group_id')
          .delete()
        if (input.groupPayouts.length)
          await trx
            .insertQuery()
            .table('campaign_payout_overrides')
            .multiInsert(
              input.groupPayouts.map((entry) => ({
                organization_id: campaign.organizationId,
                campaign_id: campaign.id,
                group_id: entry.groupId,
                ...columnsOf(entry, input.model, input.goal ?? null),
              }))
            )
      }
      // Overrides keep only the fields of the plan's (possibly new) model.
      const dropped = PAYOUT_FIELDS.filter((field) => !kept.fields.includes(field))
      if (dropped.length)
        await tenantQuery(campaign.organizationId, trx)
          .from('campaign_payout_overrides')
          .where('campaign_id', campaign.id)
          .update(Object.fromEntries(dropped.map((field) => [PAYOUT_COLUMNS[field], null])))
      await tenantQuery(campaign.organizationId, trx)
        .from('campaign_payout_overrides')
        .where('campaign_id', campaign.id)
        .where((query) => {
          for (const field of PAYOUT_FIELDS) query.whereNull(PAYOUT_COLUMNS[field])
        })
        .delete()
      await trx
        .insertQuery()
        .table('campaign_payout_versions')
        .insert({
          organization_id: campaign.organizationId,
          campaign_id: campaign.id,
          version,
          plan: JSON.stringify(await planSnapshot(campaign.id, trx)),
          created_by: ctx.tenant.userId,
          created_at: now,
        })
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'updated',
          data: { part: 'payout', model: input.model, created: !saved, version },
        },
        trx
      )
      await payoutChanged.emit({ organizationId: campaign.organizationId, campaignId: campaign.id, version }, { trx })
    })
    await changed(campaign)
    return ok(ctx, await presentForManager(ctx, campaign.id, campaign.organizationId))
  }
}
