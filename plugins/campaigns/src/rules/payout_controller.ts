/*
 * Payout plans (spec §3 Payout): GET|PUT /campaigns/:id/payout, one plan per campaign.
 *
 * - PUT sets the plan: the model's fields (others are dropped), goal, cumulative deposit and
 *   days, QFTD, default payout, coverage countries and rules are replaced; `rangeRules`,
 *   `affiliatePayouts` and `groupPayouts` change only when sent.
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
import { AppError, missingIds, ok, teamScopeOf, unprocessable, validate } from '@affix/core/kernel'
import { recordTimeline } from '../services/timeline.js'
import { campaignHasActivity } from './activity.js'
import { checkPayout, Failures, type PayoutInput } from './checks.js'
import { MODEL_FIELDS, PAYOUT_COLUMNS, PAYOUT_FIELDS, type PayoutField, type PayoutModel } from './constants.js'
import { campaignToChange, campaignToRead, changed, SCOPE } from './guards.js'
import { payoutValidator } from './validators.js'

type Row = Record<string, any>
type Fields = Record<PayoutField, string | null>

const decimal = (value: unknown) => (value === null || value === undefined ? null : String(value))
const money = (value: number | null | undefined) => (value === null || value === undefined ? null : value.toFixed(2))

function fieldsOf(row: Row | null | undefined): Fields {
  return Object.fromEntries(PAYOUT_FIELDS.map((field) => [field, decimal(row?.[PAYOUT_COLUMNS[field]])])) as Fields
}

function columnsOf(values: Partial<Record<PayoutField, number | null>>, model: PayoutModel) {
  const keep = new Set(MODEL_FIELDS[model])
  return Object.fromEntries(
    PAYOUT_FIELDS.map((field) => [PAYOUT_COLUMNS[field], keep.has(field) ? money(values[field]) : null])
  )
}

async function loadPlan(campaignId: number, client: TransactionClientContract | typeof db = db, lock = false) {
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
    rangeRules: { enabled: Boolean(plan.range_rules_enabled), ranges: plan.range_rules ?? [] },
    updatedAt: new Date(plan.updated_at).toISOString(),
  }
}

/** The full plan with the overrides the caller may see (a team member: its affiliates'). */
async function presentForManager(ctx: HttpContext, campaignId: number, organizationId: number) {
  const plan = await loadPlan(campaignId)
  if (!plan) return null
  const { affiliateIds: visible } = await teamScopeOf(ctx)
  const overrides = await db.from('campaign_payout_overrides').where('campaign_id', campaignId).orderBy('id')
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
  const overrides = await db
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

function sameRanges(saved: Array<{ from: string; payout: string }>, sent: Array<{ from: number; payout: number }>) {
  return (
    saved.length === sent.length &&
    saved.every((range, index) => range.from === money(sent[index].from) && range.payout === money(sent[index].payout))
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
      if (input.rangeRules !== undefined) {
        const sent = input.rangeRules
        const removal = sent === null || sent.ranges.length === 0
        // Spec §4: a range rule, once enabled, can only be removed.
        if (rangeEnabled && !removal && !(sent.enabled && sameRanges(ranges, sent.ranges)))
          throw unprocessable(`${SCOPE}.errors.range_locked`, { fields: [{ field: 'rangeRules', rule: 'locked' }] })
        rangeEnabled = removal ? false : sent.enabled
        ranges = removal ? [] : sent.ranges.map((range) => ({ from: money(range.from)!, payout: money(range.payout)! }))
      }

      const now = new Date()
      const row = {
        campaign_id: campaign.id,
        organization_id: campaign.organizationId,
        model: input.model,
        goal: input.goal ?? null,
        ...columnsOf(input, input.model),
        cumulative_deposit: input.model === 'cumulative_deposit' ? money(input.cumulativeDeposit) : null,
        number_of_days: input.model === 'cumulative_deposit' ? (input.numberOfDays ?? null) : null,
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
        updated_at: now,
      }
      await trx
        .insertQuery()
        .table('campaign_payouts')
        .insert({ ...row, created_at: now })
        .onConflict('campaign_id')
        .merge(Object.keys(row).filter((key) => key !== 'campaign_id' && key !== 'organization_id'))

      if (input.affiliatePayouts) {
        const replaced = trx
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
                ...columnsOf(entry, input.model),
              }))
            )
      }
      if (input.groupPayouts) {
        await trx.from('campaign_payout_overrides').where('campaign_id', campaign.id).whereNotNull('group_id').delete()
        if (input.groupPayouts.length)
          await trx
            .insertQuery()
            .table('campaign_payout_overrides')
            .multiInsert(
              input.groupPayouts.map((entry) => ({
                organization_id: campaign.organizationId,
                campaign_id: campaign.id,
                group_id: entry.groupId,
                ...columnsOf(entry, input.model),
              }))
            )
      }
      // Overrides keep only the fields of the plan's (possibly new) model.
      const dropped = PAYOUT_FIELDS.filter((field) => !MODEL_FIELDS[input.model].includes(field))
      if (dropped.length)
        await trx
          .from('campaign_payout_overrides')
          .where('campaign_id', campaign.id)
          .update(Object.fromEntries(dropped.map((field) => [PAYOUT_COLUMNS[field], null])))
      await trx
        .from('campaign_payout_overrides')
        .where('campaign_id', campaign.id)
        .where((query) => {
          for (const field of PAYOUT_FIELDS) query.whereNull(PAYOUT_COLUMNS[field])
        })
        .delete()
      await recordTimeline(
        {
          organizationId: campaign.organizationId,
          campaignId: campaign.id,
          actorId: ctx.tenant.userId,
          event: 'updated',
          data: { part: 'payout', model: input.model, created: !saved },
        },
        trx
      )
    })
    await changed(campaign)
    return ok(ctx, await presentForManager(ctx, campaign.id, campaign.organizationId))
  }
}
