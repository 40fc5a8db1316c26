import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import {
  authorize,
  findScoped,
  missingIds,
  ok,
  publishInvalidation,
  resourceController,
  scoped,
  teamScopeOf,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import FraudRule, { type Selection } from '../models/fraud_rule.js'
import { FRAUD_RULE_LIST } from '../lists.js'
import { normalizeIp } from '../services/ip_ranges.js'
import { createFraudRuleValidator, fraudRuleStatusValidator, updateFraudRuleValidator } from '../validators.js'

const SCOPE = 'fraud'
const SCOPES = ['brand', 'affiliate', 'campaign'] as const
type ScopeName = (typeof SCOPES)[number]

const fieldError = (key: string, field: string, rule = 'invalid', values: Record<string, unknown> = {}) =>
  unprocessable(`${SCOPE}.errors.${key}`, { ...values, fields: [{ field, rule }] })

/** The affiliates a team member may see (null: all). */
async function visibleAffiliates(ctx: HttpContext): Promise<Set<number> | null> {
  const scope = await teamScopeOf(ctx)
  return scope.affiliateIds ? new Set(scope.affiliateIds) : null
}

function serialize(rule: FraudRule, visible: Set<number> | null) {
  return {
    id: rule.id,
    name: rule.name,
    action: rule.action,
    type: rule.type,
    status: rule.status,
    brandSelection: rule.brandSelection,
    brandIds: rule.brandIds ?? [],
    affiliateSelection: rule.affiliateSelection,
    // A team member sees only the affiliates it is assigned.
    affiliateIds: (rule.affiliateIds ?? []).filter((id) => !visible || visible.has(id)),
    campaignSelection: rule.campaignSelection,
    campaignIds: rule.campaignIds ?? [],
    ips: rule.ips ?? [],
    userAgents: rule.userAgents ?? [],
    devices: rule.devices ?? [],
    os: rule.os ?? [],
    createdAt: rule.createdAt?.toISO() ?? null,
    updatedAt: rule.updatedAt?.toISO() ?? null,
  }
}

/** Ids that are not live entities of the organisation, answered by their owner's lookup (none installed: none exists). */
const LOOKUP: Record<ScopeName, string> = { brand: 'brands', affiliate: 'affiliates', campaign: 'campaigns' }
async function missing(organizationId: number, scope: ScopeName, ids: number[]) {
  return missingIds(organizationId, LOOKUP[scope], ids)
}

type Input =
  | Awaited<ReturnType<typeof createFraudRuleValidator.validate>>
  | Awaited<ReturnType<typeof updateFraudRuleValidator.validate>>

/**
 * The row values of a request applied to the current rule (none on create), after the
 * checks that span fields: each scope is all, or include/exclude at least one known id;
 * a blacklist needs an IP or a user agent, a device rule a device type or an OS.
 */
async function resolve(ctx: HttpContext, data: Input, current?: FraudRule) {
  const organizationId = ctx.tenant.organizationId
  const values: Record<string, unknown> = {}
  for (const scope of SCOPES) {
    const sentSelection = data[`${scope}Selection`]
    const sentIds = data[`${scope}Ids`]
    const before = current ? (current[`${scope}Ids`] ?? []) : []
    const selection: Selection =
      sentSelection ?? current?.[`${scope}Selection`] ?? (sentIds?.length ? 'include' : 'all')
    if (selection === 'all') {
      if (sentIds?.length) throw fieldError(`${scope}_selection_conflict`, `${scope}Selection`)
      values[`${scope}Selection`] = 'all'
      values[`${scope}Ids`] = []
      continue
    }
    let ids = sentIds ?? before
    if (scope === 'affiliate' && sentIds) {
      // A team member replaces only the affiliates it can see; the others stay.
      const visible = await visibleAffiliates(ctx)
      if (visible && sentIds.some((id) => !visible.has(id)))
        throw fieldError('unknown_affiliates', 'affiliateIds', 'exists')
      ids = [...new Set([...sentIds, ...(visible ? before.filter((id) => !visible.has(id)) : [])])]
    }
    if (!ids.length) throw fieldError(`${scope}_needs_one`, `${scope}Ids`, 'minLength')
    if (sentIds?.length && (await missing(organizationId, scope, sentIds)).length) {
      throw fieldError(`unknown_${scope}s`, `${scope}Ids`, 'exists')
    }
    values[`${scope}Selection`] = selection
    values[`${scope}Ids`] = ids
  }

  const type = data.type ?? current!.type
  const ips = data.ips ?? current?.ips ?? []
  const userAgents = data.userAgents ?? current?.userAgents ?? []
  const devices = data.devices ?? current?.devices ?? []
  const os = data.os ?? current?.os ?? []
  values.ips = []
  values.userAgents = []
  values.devices = []
  values.os = []
  if (type === 'blacklist') {
    const normalized: string[] = []
    for (const entry of ips) {
      const [address, prefix, extra] = entry.split('/')
      const ip = normalizeIp(address)
      const bits = Number(prefix)
      const validPrefix =
        prefix === undefined || (/^\d{1,3}$/.test(prefix) && bits <= (ip?.family === 'ipv4' ? 32 : 128))
      if (!ip || extra !== undefined || !validPrefix) throw fieldError('invalid_ip', 'ips', 'ip', { value: entry })
      normalized.push(prefix === undefined ? ip.address : `${ip.address}/${bits}`)
    }
    if (!normalized.length && !userAgents.length) throw fieldError('blacklist_needs_entry', 'ips', 'required')
    values.ips = [...new Set(normalized)]
    values.userAgents = userAgents
  }
  if (type === 'device') {
    if (!devices.length && !os.length) throw fieldError('device_needs_entry', 'devices', 'required')
    values.devices = devices
    values.os = os
  }
  if (data.name !== undefined) values.name = data.name
  if (data.action !== undefined) values.action = data.action
  if (data.type !== undefined) values.type = data.type
  if (data.status !== undefined) values.status = data.status
  return values
}

const changed = (organizationId: number) => publishInvalidation({ topic: 'fraud-rules', organizationId })

export default class FraudRulesController extends resourceController({
  pluginId: SCOPE,
  resource: 'rules',
  model: FraudRule,
  list: FRAUD_RULE_LIST,
  audience: visibleAffiliates,
  serialize: (_ctx, rules, visible) => rules.map((rule) => serialize(rule, visible)),
  create: {
    validator: createFraudRuleValidator,
    async save(ctx, data) {
      const values = await resolve(ctx, data)
      const rule = await FraudRule.create({ status: 'active', ...values, organizationId: ctx.tenant.organizationId })
      return findScoped(ctx, FraudRule, rule.id)
    },
  },
  update: {
    validator: updateFraudRuleValidator,
    required: ['name', 'action', 'type'],
    async save(ctx, rule, data) {
      rule.merge(await resolve(ctx, data, rule))
      await rule.save()
    },
  },
  destroy: (_ctx, rule) => rule.delete(),
  changed: (ctx) => changed(ctx.tenant.organizationId),
}) {
  /** Bulk status change; all or nothing, and only on the caller's own rules. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'fraud', 'manage')
    const { ids, status } = await validate(ctx, fraudRuleStatusValidator, SCOPE)
    const found = await scoped(ctx, FraudRule).whereIn('id', ids).select('id')
    if (found.length !== ids.length) throw fieldError('unknown_ids', 'ids', 'exists')
    await scoped(ctx, FraudRule).whereIn('id', ids).update({ status, updated_at: DateTime.now().toSQL() })
    await changed(ctx.tenant.organizationId)
    return ok(ctx, { updated: ids.length, ids })
  }
}
