import type { HttpContext } from '@adonisjs/core/http'
import { Decimal } from 'decimal.js'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  created,
  findScoped,
  list,
  missingIds,
  notFound,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  validate,
} from '../kernel.js'
import PostbackRule from '../models/postback_rule.js'
import { RULE_LIST } from '../lists.js'
import { createRuleValidator, updateRuleValidator } from '../validators.js'
import { SCOPE, fieldError, narrow } from '../access.js'
import { findPostback } from './postbacks_controller.js'

function serializeRule(rule: PostbackRule) {
  return {
    id: rule.id,
    postbackId: rule.postbackId,
    name: rule.name,
    action: rule.action,
    priority: rule.priority,
    events: rule.events,
    campaignIds: rule.campaignIds,
    countries: rule.countries,
    minAmount: rule.minAmount === null ? null : String(rule.minAmount),
    maxAmount: rule.maxAmount === null ? null : String(rule.maxAmount),
    samplePercent: rule.samplePercent,
    status: rule.status,
    createdAt: rule.createdAt?.toISO() ?? null,
    updatedAt: rule.updatedAt?.toISO() ?? null,
  }
}

/** Rules of the postbacks the caller sees. */
async function visible(ctx: HttpContext) {
  const postbacks = db.from('postbacks').where('organization_id', ctx.tenant.organizationId).select('id')
  await narrow(ctx, postbacks)
  return { query: scoped(ctx, PostbackRule).whereIn('postback_rules.postback_id', postbacks) }
}

async function findRule(ctx: HttpContext) {
  const id = Number(ctx.params.id)
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound()
  const rule = await (await visible(ctx)).query.where('postback_rules.id', id).first()
  if (!rule) throw notFound()
  return rule
}

function assertAmounts(min: string | null | undefined, max: string | null | undefined) {
  if (min && max && new Decimal(min).greaterThan(max)) throw fieldError('min_above_max', 'minAmount')
}

function assertEmptyToNull<T>(values: T[] | null | undefined) {
  return values === undefined ? undefined : values?.length ? values : null
}

export default class RulesController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'postbacks.rules', 'read')
    const parsed = parseList(ctx, RULE_LIST)
    const page = await paginate((await visible(ctx)).query, parsed, RULE_LIST)
    return list(ctx, 'pbrules', page.rows.map(serializeRule), page)
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'postbacks.rules', 'read')
    return ok(ctx, serializeRule(await findRule(ctx)))
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'postbacks.rules', 'manage')
    const data = await validate(ctx, createRuleValidator, SCOPE)
    const postback = await findPostback(ctx, data.postbackId).catch(() => {
      throw fieldError('unknown_postback', 'postbackId', 'exists')
    })
    assertAmounts(data.minAmount, data.maxAmount)
    if (data.campaignIds?.length && (await missingIds(ctx.tenant.organizationId, 'campaigns', data.campaignIds)).length)
      throw fieldError('unknown_campaigns', 'campaignIds', 'exists')
    const rule = await PostbackRule.create({
      organizationId: ctx.tenant.organizationId,
      postbackId: postback.id,
      name: data.name,
      action: data.action ?? 'fire',
      priority: data.priority ?? 100,
      events: assertEmptyToNull(data.events) ?? null,
      campaignIds: assertEmptyToNull(data.campaignIds) ?? null,
      countries: assertEmptyToNull(data.countries) ?? null,
      minAmount: data.minAmount ?? null,
      maxAmount: data.maxAmount ?? null,
      samplePercent: data.samplePercent ?? 100,
      status: data.status ?? 'active',
    })
    return created(ctx, serializeRule(await findScoped(ctx, PostbackRule, rule.id)))
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'postbacks.rules', 'manage')
    const rule = await findRule(ctx)
    rejectClearedFields(ctx, ['name'], SCOPE)
    const data = await validate(ctx, updateRuleValidator, SCOPE)
    const min = data.minAmount !== undefined ? data.minAmount : rule.minAmount
    const max = data.maxAmount !== undefined ? data.maxAmount : rule.maxAmount
    assertAmounts(min, max)
    if (data.campaignIds?.length && (await missingIds(ctx.tenant.organizationId, 'campaigns', data.campaignIds)).length)
      throw fieldError('unknown_campaigns', 'campaignIds', 'exists')
    const changes: Partial<PostbackRule> = {
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.action !== undefined ? { action: data.action } : {}),
      ...(data.priority !== undefined ? { priority: data.priority } : {}),
      ...(data.samplePercent !== undefined ? { samplePercent: data.samplePercent } : {}),
      ...(data.status !== undefined ? { status: data.status } : {}),
      minAmount: min ?? null,
      maxAmount: max ?? null,
    }
    const events = assertEmptyToNull(data.events)
    const campaignIds = assertEmptyToNull(data.campaignIds)
    const countries = assertEmptyToNull(data.countries)
    if (events !== undefined) changes.events = events
    if (campaignIds !== undefined) changes.campaignIds = campaignIds
    if (countries !== undefined) changes.countries = countries
    rule.merge(changes)
    await rule.save()
    return ok(ctx, serializeRule(await findScoped(ctx, PostbackRule, rule.id)))
  }

  async destroy(ctx: HttpContext) {
    authorize(ctx, 'postbacks.rules', 'manage')
    const rule = await findRule(ctx)
    await rule.delete()
    return ok(ctx, { id: rule.id })
  }
}
