import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  findScoped,
  missingIds,
  publishInvalidation,
  resourceController,
  scoped,
  teamScopeOf,
  unprocessable,
} from '@affix/core/kernel'
import Domain from '../models/domain.js'
import { forgetDomainsOf } from '../contracts.js'
import { DOMAIN_LIST } from '../lists.js'
import { createDomainValidator, updateDomainValidator } from '../validators.js'

const SCOPE = 'domains'
const fieldError = (key: string, field: string, rule = 'invalid') =>
  unprocessable(`${SCOPE}.errors.${key}`, { fields: [{ field, rule }] })
const nameTaken = () => fieldError('name_taken', 'name', 'unique')

const isAffiliate = (ctx: HttpContext) => ctx.tenant.role === 'affiliate'

/** What the caller may see: an affiliate only active domains that are public or its own; others all. */
function visibleDomains(ctx: HttpContext) {
  const query = scoped(ctx, Domain)
  if (isAffiliate(ctx)) {
    query.where('domains.status', 'active').where((visible) => {
      visible
        .where('domains.visibility', 'public')
        .orWhereRaw(
          'EXISTS (SELECT 1 FROM domain_affiliates da WHERE da.domain_id = domains.id AND da.affiliate_id = ?)',
          [ctx.tenant.userId]
        )
    })
  }
  return query
}

/** The affiliates a team member may see (null: all). */
async function visibleAffiliates(ctx: HttpContext): Promise<Set<number> | null> {
  const scope = await teamScopeOf(ctx)
  return scope.affiliateIds ? new Set(scope.affiliateIds) : null
}

async function affiliatesOf(organizationId: number, ids: number[]) {
  const byDomain = new Map<number, number[]>()
  if (!ids.length) return byDomain
  const rows = await db
    .from('domain_affiliates')
    .where('organization_id', organizationId)
    .whereIn('domain_id', ids)
    .orderBy('affiliate_id')
    .select('domain_id', 'affiliate_id')
  for (const row of rows) {
    const entry = byDomain.get(Number(row.domain_id)) ?? []
    entry.push(Number(row.affiliate_id))
    byDomain.set(Number(row.domain_id), entry)
  }
  return byDomain
}

async function serialize(ctx: HttpContext, domains: Domain[]) {
  // Affiliates never see which other affiliates a private domain is for.
  const showAffiliates = !isAffiliate(ctx)
  const affiliates = showAffiliates
    ? await affiliatesOf(
        ctx.tenant.organizationId,
        domains.map((domain) => domain.id)
      )
    : new Map<number, number[]>()
  const visible = showAffiliates ? await visibleAffiliates(ctx) : null
  return domains.map((domain) => ({
    id: domain.id,
    name: domain.name,
    protocol: domain.protocol,
    ssl: Boolean(domain.ssl),
    visibility: domain.visibility,
    ...(showAffiliates
      ? { affiliateIds: (affiliates.get(domain.id) ?? []).filter((id) => !visible || visible.has(id)) }
      : {}),
    type: domain.type,
    status: domain.status,
    isDefault: Boolean(domain.isDefault),
    baseUrl: `${domain.protocol}://${domain.name}`,
    createdAt: domain.createdAt?.toISO() ?? null,
    updatedAt: domain.updatedAt?.toISO() ?? null,
  }))
}

/** Names are unique across every organisation: a host serves one organisation only. */
async function assertNameFree(name: string, exceptId?: number) {
  // tenancy: a host name is unique across every organisation on purpose; only existence is read
  const clash = await db
    .from('domains')
    .whereRaw('lower(name) = ?', [name.toLowerCase()])
    .if(exceptId, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash) throw nameTaken()
}

type Input =
  | Awaited<ReturnType<typeof createDomainValidator.validate>>
  | Awaited<ReturnType<typeof updateDomainValidator.validate>>

/** The request applied to the current domain (none on create), with the rules that span fields. */
async function resolve(ctx: HttpContext, data: Input, current?: { domain: Domain; affiliateIds: number[] }) {
  const was = current?.domain
  const protocol = data.protocol ?? was?.protocol ?? 'https'
  const ssl = data.ssl ?? (was ? Boolean(was.ssl) : protocol === 'https')
  const visibility = data.visibility ?? was?.visibility ?? 'public'
  const status = data.status ?? was?.status ?? 'active'
  const isDefault = data.isDefault ?? Boolean(was?.isDefault)
  if (protocol === 'https' && !ssl) throw fieldError('https_needs_ssl', 'ssl')

  let affiliateIds: number[] = []
  if (visibility === 'public') {
    if (data.affiliateIds?.length) throw fieldError('public_no_affiliates', 'affiliateIds')
  } else {
    const before = current?.affiliateIds ?? []
    affiliateIds = before
    if (data.affiliateIds) {
      // A team member replaces only the affiliates it can see; the others stay.
      const visible = await visibleAffiliates(ctx)
      if (visible && data.affiliateIds.some((id) => !visible.has(id)))
        throw fieldError('unknown_affiliates', 'affiliateIds', 'exists')
      if ((await missingIds(ctx.tenant.organizationId, 'affiliates', data.affiliateIds)).length)
        throw fieldError('unknown_affiliates', 'affiliateIds', 'exists')
      affiliateIds = [...new Set([...data.affiliateIds, ...(visible ? before.filter((id) => !visible.has(id)) : [])])]
    }
    if (!affiliateIds.length) throw fieldError('private_needs_affiliates', 'affiliateIds', 'minLength')
  }
  if (isDefault && visibility !== 'public') throw fieldError('default_must_be_public', 'isDefault')
  if (isDefault && status !== 'active') throw fieldError('default_must_be_active', 'isDefault')

  const values = {
    ...(data.name !== undefined ? { name: data.name } : {}),
    protocol,
    ssl,
    visibility,
    status,
    isDefault,
    type: data.type ?? was?.type ?? 'tracking',
  }
  return { values, affiliateIds }
}

/** One default per organisation: the new default unsets the others in the same transaction. */
async function save(trx: TransactionClientContract, organizationId: number, domain: Domain, affiliateIds: number[]) {
  // Serialises default switches of one organisation (a transaction-scoped advisory lock:
  // the organisations table is core's).
  await trx.rawQuery(`SELECT pg_advisory_xact_lock(hashtext('domains:default'), ?)`, [organizationId])
  if (domain.isDefault) {
    const others = trx.from('domains').where({ organization_id: organizationId, is_default: true })
    if (domain.id) others.whereNot('id', domain.id)
    await others.update({ is_default: false, updated_at: new Date() })
  }
  domain.useTransaction(trx)
  await domain.save()
  await trx.from('domain_affiliates').where({ domain_id: domain.id, organization_id: organizationId }).delete()
  if (affiliateIds.length) {
    await trx
      .insertQuery()
      .table('domain_affiliates')
      .multiInsert(
        affiliateIds.map((affiliateId) => ({
          domain_id: domain.id,
          affiliate_id: affiliateId,
          organization_id: organizationId,
        }))
      )
  }
}

/** Two requests naming the same host at once: the unique index decides, with the same 422. */
function mapUniqueViolation(error: unknown): never {
  const failure = error as { code?: string; constraint?: string }
  if (failure?.code === '23505' && failure.constraint === 'domains_name_unique') throw nameTaken()
  throw error
}

async function changed(organizationId: number, id: number) {
  forgetDomainsOf(organizationId)
  await publishInvalidation({ topic: 'domains', organizationId, id })
}

export default class DomainsController extends resourceController({
  pluginId: SCOPE,
  model: Domain,
  list: DOMAIN_LIST,
  query: visibleDomains,
  serialize: (ctx, domains) => serialize(ctx, domains),
  create: {
    validator: createDomainValidator,
    async save(ctx, data) {
      const { values, affiliateIds } = await resolve(ctx, data)
      await assertNameFree(data.name)
      const organizationId = ctx.tenant.organizationId
      const domain = new Domain().merge({ ...values, name: data.name, organizationId })
      await db.transaction((trx) => save(trx, organizationId, domain, affiliateIds)).catch(mapUniqueViolation)
      return findScoped(ctx, Domain, domain.id)
    },
  },
  update: {
    validator: updateDomainValidator,
    required: ['name'],
    async save(ctx, domain, data) {
      const organizationId = ctx.tenant.organizationId
      const affiliateIds = (await affiliatesOf(organizationId, [domain.id])).get(domain.id) ?? []
      const resolved = await resolve(ctx, data, { domain, affiliateIds })
      if (data.name !== undefined) await assertNameFree(data.name, domain.id)
      domain.merge(resolved.values)
      await db.transaction((trx) => save(trx, organizationId, domain, resolved.affiliateIds)).catch(mapUniqueViolation)
      return findScoped(ctx, Domain, domain.id)
    },
  },
  destroy: (_ctx, domain) => domain.delete(),
  changed: (ctx, domain) => changed(ctx.tenant.organizationId, domain.id),
}) {}
