import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import {
  missingIds,
  organizationPreferences,
  resourceController,
  scoped,
  teamScopeOf,
  unprocessable,
} from '@affix/core/kernel'
import PromoCode, { type AffiliateSelection, type PromoCodeStatus, statusOf } from '../models/promo_code.js'
import { PROMO_CODE_LIST } from '../lists.js'
import { createPromoCodeValidator, updatePromoCodeValidator } from '../validators.js'

const SCOPE = 'promo-codes'

/** Spec §4 promo code states, derived in SQL so lists filter and sort on them (same rule as statusOf). */
const STATUS_SQL = `CASE WHEN NOT enabled THEN 'inactive' WHEN start_date > now() THEN 'future' WHEN end_date < now() THEN 'expired' ELSE 'active' END`

/**
 * Codes of the organisation that are not deleted, with the derived `status` as a column:
 * the derived table keeps the name promo_codes, so filters, sort and export treat status
 * like any other column (PostgreSQL inlines it, indexes still apply).
 */
function liveCodes(ctx: HttpContext) {
  // tenancy: the derived table is read through scoped(ctx, PromoCode) below
  const derived = db.raw(
    `(SELECT promo_codes.*, ${STATUS_SQL} AS status FROM promo_codes WHERE deleted_at IS NULL) AS promo_codes`
  )
  return scoped(ctx, PromoCode).from(derived as unknown as string)
}

const isAffiliate = (ctx: HttpContext) => ctx.tenant.role === 'affiliate'

/** The affiliates a team member may see (null: all). */
async function visibleAffiliates(ctx: HttpContext): Promise<Set<number> | null> {
  if (isAffiliate(ctx)) return new Set([ctx.tenant.userId])
  const scope = await teamScopeOf(ctx)
  return scope.affiliateIds ? new Set(scope.affiliateIds) : null
}

/**
 * What the caller may see: an affiliate only the codes that apply to it (assigned to it, or
 * generic and unassigned with its selection letting it in); a team member with assigned
 * affiliates the codes of those affiliates and the unassigned ones; everyone else all.
 */
function visibleCodes(ctx: HttpContext, visible: Set<number> | null) {
  const query = liveCodes(ctx)
  if (isAffiliate(ctx)) {
    const me = ctx.tenant.userId
    const listed = (mode: 'include' | 'exclude') =>
      `EXISTS (SELECT 1 FROM promo_code_affiliates pca WHERE pca.promo_code_id = promo_codes.id AND pca.affiliate_id = ? AND pca.mode = '${mode}')`
    return query.where((visible) => {
      visible.where('promo_codes.affiliate_id', me).orWhere((generic) => {
        generic
          .where('promo_codes.type', 'generic')
          .whereNull('promo_codes.affiliate_id')
          .where((selection) => {
            selection
              .where('promo_codes.affiliate_selection', 'all')
              .orWhereRaw(`(promo_codes.affiliate_selection = 'include' AND ${listed('include')})`, [me])
              .orWhereRaw(`(promo_codes.affiliate_selection = 'exclude' AND NOT ${listed('exclude')})`, [me])
          })
      })
    })
  }
  if (visible)
    query.where((scope) =>
      scope.whereNull('promo_codes.affiliate_id').orWhereIn('promo_codes.affiliate_id', [...visible])
    )
  return query
}

interface Lists {
  include: number[]
  exclude: number[]
}

async function listsOf(ids: number[], organizationId: number): Promise<Map<number, Lists>> {
  const lists = new Map<number, Lists>()
  if (!ids.length) return lists
  const rows = await db
    .from('promo_code_affiliates')
    .where('organization_id', organizationId)
    .whereIn('promo_code_id', ids)
    .orderBy('affiliate_id')
    .select('promo_code_id', 'affiliate_id', 'mode')
  for (const row of rows) {
    const entry = lists.get(Number(row.promo_code_id)) ?? { include: [], exclude: [] }
    entry[row.mode as 'include' | 'exclude'].push(Number(row.affiliate_id))
    lists.set(Number(row.promo_code_id), entry)
  }
  return lists
}

async function serializeCodes(ctx: HttpContext, codes: PromoCode[]) {
  // Affiliates never see who else a code includes or excludes.
  const showLists = !isAffiliate(ctx)
  const lists = showLists
    ? await listsOf(
        codes.map((code) => code.id),
        ctx.tenant.organizationId
      )
    : new Map<number, Lists>()
  const visible = showLists ? await visibleAffiliates(ctx) : null
  const shown = (ids: number[] = []) => (visible ? ids.filter((id) => visible.has(id)) : ids)
  return codes.map((code) => ({
    id: code.id,
    code: code.code,
    bonus: String(code.bonus),
    bonusCurrency: code.bonusCurrency,
    campaignId: code.campaignId ?? null,
    affiliateId: code.affiliateId ?? null,
    type: code.type,
    origin: code.origin,
    startDate: code.startDate?.toISO() ?? null,
    endDate: code.endDate?.toISO() ?? null,
    enabled: Boolean(code.enabled),
    status: (code.$extras.status as PromoCodeStatus | undefined) ?? statusOf(code),
    description: code.description ?? null,
    affiliateSelection: code.affiliateSelection,
    ...(showLists
      ? {
          includedAffiliateIds: shown(lists.get(code.id)?.include),
          excludedAffiliateIds: shown(lists.get(code.id)?.exclude),
        }
      : {}),
    createdAt: code.createdAt?.toISO() ?? null,
    updatedAt: code.updatedAt?.toISO() ?? null,
  }))
}

const fieldError = (key: string, field: string, rule = 'invalid') =>
  unprocessable(`${SCOPE}.errors.${key}`, { fields: [{ field, rule }] })

/** Affiliate ids must be live affiliates of the organisation that the caller may see. */
async function assertAffiliates(ctx: HttpContext, field: string, ids: number[], visible: Set<number> | null) {
  if (!ids.length) return
  const missing = await missingIds(ctx.tenant.organizationId, 'affiliates', ids)
  if (missing.length || (visible && ids.some((id) => !visible.has(id)))) {
    throw fieldError(field === 'affiliateId' ? 'unknown_affiliate' : 'unknown_affiliates', field, 'exists')
  }
}

async function defaultCurrency(organizationId: number) {
  return (await organizationPreferences(organizationId)).currency
}

type Input =
  | Awaited<ReturnType<typeof createPromoCodeValidator.validate>>
  | Awaited<ReturnType<typeof updatePromoCodeValidator.validate>>

const toDateTime = (value: Date | null | undefined) =>
  value === undefined ? undefined : value === null ? null : DateTime.fromJSDate(value)

/**
 * Applies the request to the current state (none on create) and checks the rules that
 * span fields (spec §5): who a code is for, the include/exclude selection and the dates.
 * Returns the row values and the final lists.
 */
async function resolve(ctx: HttpContext, data: Input, current?: { code: PromoCode; lists: Lists }) {
  const visible = await visibleAffiliates(ctx)
  const was = current?.code
  const type = data.type ?? was?.type ?? 'generic'
  const affiliateId = data.affiliateId !== undefined ? data.affiliateId : (was?.affiliateId ?? null)
  const startDate = toDateTime(data.startDate) !== undefined ? toDateTime(data.startDate)! : (was?.startDate ?? null)
  const endDate = toDateTime(data.endDate) !== undefined ? toDateTime(data.endDate)! : (was?.endDate ?? null)

  const sentInclude = data.includedAffiliateIds
  const sentExclude = data.excludedAffiliateIds
  // Spec §5: "Include or exclude affiliate selection is one or the other".
  if (sentInclude?.length && sentExclude?.length) throw fieldError('selection_conflict', 'affiliateSelection')
  const selection: AffiliateSelection =
    data.affiliateSelection ??
    (was ? was.affiliateSelection : sentInclude?.length ? 'include' : sentExclude?.length ? 'exclude' : 'all')
  if ((selection === 'include' && sentExclude?.length) || (selection === 'exclude' && sentInclude?.length)) {
    throw fieldError('selection_conflict', 'affiliateSelection')
  }
  // A team member replaces only the entries it can see; the others stay.
  const merged = (sent: number[] | undefined, before: number[]) => {
    if (sent === undefined) return before
    const hidden = visible ? before.filter((id) => !visible.has(id)) : []
    return [...new Set([...sent, ...hidden])]
  }
  const lists: Lists = {
    include: selection === 'include' ? merged(sentInclude, current?.lists.include ?? []) : [],
    exclude: selection === 'exclude' ? merged(sentExclude, current?.lists.exclude ?? []) : [],
  }
  if (selection === 'include' && !lists.include.length)
    throw fieldError('include_needs_one', 'includedAffiliateIds', 'minLength')
  if (selection === 'exclude' && !lists.exclude.length)
    throw fieldError('exclude_needs_one', 'excludedAffiliateIds', 'minLength')

  if ((type === 'exclusive' || type === 'one_time') && !affiliateId)
    throw fieldError('affiliate_required', 'affiliateId', 'required')
  if (startDate && endDate && endDate <= startDate) throw fieldError('end_before_start', 'endDate', 'after')

  if (data.affiliateId) await assertAffiliates(ctx, 'affiliateId', [data.affiliateId], visible)
  if (selection === 'include' && sentInclude) await assertAffiliates(ctx, 'includedAffiliateIds', sentInclude, visible)
  if (selection === 'exclude' && sentExclude) await assertAffiliates(ctx, 'excludedAffiliateIds', sentExclude, visible)
  if (data.campaignId && data.campaignId !== was?.campaignId) {
    const missing = await missingIds(ctx.tenant.organizationId, 'campaigns', [data.campaignId])
    if (missing.length) throw fieldError('unknown_campaign', 'campaignId', 'exists')
  }

  const values = {
    ...(data.code !== undefined ? { code: data.code } : {}),
    ...(data.bonus !== undefined ? { bonus: data.bonus.toFixed(2) } : was ? {} : { bonus: '0.00' }),
    ...(data.bonusCurrency !== undefined
      ? { bonusCurrency: data.bonusCurrency }
      : was
        ? {}
        : { bonusCurrency: await defaultCurrency(ctx.tenant.organizationId) }),
    ...(data.campaignId !== undefined ? { campaignId: data.campaignId ?? null } : {}),
    affiliateId,
    type,
    origin: data.origin ?? was?.origin ?? 'organic',
    startDate,
    endDate,
    enabled: data.enabled ?? was?.enabled ?? true,
    ...(data.description !== undefined ? { description: data.description ?? null } : {}),
    affiliateSelection: selection,
  }
  return { values, lists }
}

async function assertCodeFree(ctx: HttpContext, code: string, exceptId?: number) {
  const clash = await scoped(ctx, PromoCode)
    .whereNull('deleted_at')
    .whereRaw('lower(code) = lower(?)', [code])
    .if(exceptId, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash) throw codeTaken()
}

const codeTaken = () => fieldError('code_taken', 'code', 'unique')

/** Two requests creating the same code at once: the unique index decides, with the same 422. */
function mapUniqueViolation(error: unknown): never {
  if ((error as { code?: string })?.code === '23505') throw codeTaken()
  throw error
}

async function replaceLists(trx: TransactionClientContract, organizationId: number, promoCodeId: number, lists: Lists) {
  await trx
    .from('promo_code_affiliates')
    .where({ promo_code_id: promoCodeId, organization_id: organizationId })
    .delete()
  const rows = [
    ...lists.include.map((affiliateId) => ({
      promo_code_id: promoCodeId,
      affiliate_id: affiliateId,
      organization_id: organizationId,
      mode: 'include',
    })),
    ...lists.exclude.map((affiliateId) => ({
      promo_code_id: promoCodeId,
      affiliate_id: affiliateId,
      organization_id: organizationId,
      mode: 'exclude',
    })),
  ]
  // tenancy: each row carries organization_id (built above)
  if (rows.length) await trx.insertQuery().table('promo_code_affiliates').multiInsert(rows)
}

/** The saved code as lists show it (with its derived status). */
function reload(ctx: HttpContext, id: number) {
  return liveCodes(ctx).where('promo_codes.id', id).firstOrFail()
}

export default class PromoCodesController extends resourceController({
  pluginId: SCOPE,
  model: PromoCode,
  list: PROMO_CODE_LIST,
  audience: visibleAffiliates,
  query: visibleCodes,
  serialize: (ctx, codes) => serializeCodes(ctx, codes),
  /** GET /promo-codes/export: the list as CSV (same filters, search and sort), recorded in downloads. */
  export: {
    columns: [
      { header: 'id', value: (code) => code.id },
      { header: 'code', value: (code) => code.code },
      { header: 'bonus', value: (code) => code.bonus },
      { header: 'bonus_currency', value: (code) => code.bonusCurrency },
      { header: 'campaign_id', value: (code) => code.campaignId },
      { header: 'affiliate_id', value: (code) => code.affiliateId },
      { header: 'type', value: (code) => code.type },
      { header: 'origin', value: (code) => code.origin },
      { header: 'start_date', value: (code) => code.startDate },
      { header: 'end_date', value: (code) => code.endDate },
      { header: 'enabled', value: (code) => Boolean(code.enabled) },
      { header: 'status', value: (code) => code.$extras.status },
      { header: 'affiliate_selection', value: (code) => code.affiliateSelection },
      { header: 'description', value: (code) => code.description },
      { header: 'created_at', value: (code) => code.createdAt },
    ],
  },
  create: {
    validator: createPromoCodeValidator,
    async save(ctx, data) {
      const { values, lists } = await resolve(ctx, data)
      await assertCodeFree(ctx, data.code)
      const organizationId = ctx.tenant.organizationId
      const code = await db
        .transaction(async (trx) => {
          const row = await PromoCode.create({ ...values, code: data.code, organizationId }, { client: trx })
          await replaceLists(trx, organizationId, row.id, lists)
          return row
        })
        .catch(mapUniqueViolation)
      return reload(ctx, code.id)
    },
  },
  update: {
    validator: updatePromoCodeValidator,
    required: ['code'],
    async save(ctx, found, data) {
      const organizationId = ctx.tenant.organizationId
      const lists = (await listsOf([found.id], organizationId)).get(found.id) ?? { include: [], exclude: [] }
      const resolved = await resolve(ctx, data, { code: found, lists })
      if (data.code !== undefined) await assertCodeFree(ctx, data.code, found.id)
      await db
        .transaction(async (trx) => {
          // The row read for the checks came from the derived table: write through a plain one.
          const code = await PromoCode.query({ client: trx })
            .where({ id: found.id, organization_id: organizationId })
            .forUpdate()
            .firstOrFail()
          code.merge(resolved.values)
          await code.save()
          await replaceLists(trx, organizationId, code.id, resolved.lists)
        })
        .catch(mapUniqueViolation)
      return reload(ctx, found.id)
    },
  },
  /** Soft delete: the code frees its name and disappears from lists. */
  destroy: (ctx, found) =>
    PromoCode.query()
      .where({ id: found.id, organization_id: ctx.tenant.organizationId })
      .update({ deleted_at: DateTime.now().toSQL(), updated_at: DateTime.now().toSQL() }),
}) {}
