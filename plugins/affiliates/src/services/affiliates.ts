/*
 * Reading and writing affiliates. Reads go through the affiliate_records view, scoped to the
 * organisation, without deleted affiliates and narrowed by the caller's team scope; writes go
 * to the panel (kernel panel API) and to the plugin's profile and payment tables, in one
 * transaction.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import {
  assignedAmong,
  existingIds,
  findPanel,
  findPanels,
  linkBaseUrl,
  notFound,
  pluginEnabledFor,
  scoped,
  teamScopeOf,
  unprocessable,
  type TeamScope,
} from '@affix/core/kernel'
import AffiliateRecord from '../models/affiliate_record.js'
import { applyMembershipChanges, groupsChange } from '../groups/membership.js'
import {
  PAYMENT_COLUMNS,
  PROFILE_COLUMNS,
  REQUIRED_PAYMENT_FIELDS,
  type PaymentDetails,
  type PaymentField,
  type PaymentMethod,
} from '../constants.js'

/** Roles that may manage affiliates as their account manager. */
export const MANAGER_ROLES = ['sub-admin', 'afm', 'adm'] as const

/** Affiliates of the organisation, not deleted, that the caller may see. */
export function visibleAffiliates(ctx: HttpContext, scope: TeamScope) {
  const query = scoped(ctx, AffiliateRecord).whereNot('status', 'deleted')
  if (scope.affiliateIds !== null) query.whereIn('id', scope.affiliateIds)
  return query
}

/** The affiliate named by the route, or 404 (other organisations, deleted, out of the caller's scope). */
export async function findAffiliate(ctx: HttpContext, id: unknown = ctx.params.id) {
  const numericId = Number(id)
  if (!Number.isSafeInteger(numericId) || numericId <= 0) throw notFound()
  const row = await visibleAffiliates(ctx, await teamScopeOf(ctx))
    .where('id', numericId)
    .first()
  if (!row) throw notFound()
  return row
}

/** An affiliate just written by the caller (the team scope of this request predates it). */
export function writtenAffiliate(ctx: HttpContext, id: number) {
  return scoped(ctx, AffiliateRecord).where('id', id).firstOrFail()
}

/** The signup link that records the affiliate as referrer, on the organisation's configured address. */
export function referralLink(base: string, organizationId: number, affiliateId: number) {
  return `${base}/register/affiliate/${organizationId}?ref=${affiliateId}`
}

const emptyPayment = (): PaymentDetails =>
  Object.fromEntries(Object.keys(PAYMENT_COLUMNS).map((field) => [field, null])) as PaymentDetails

function paymentFromRow(row: Record<string, unknown> | undefined): PaymentDetails {
  const details = emptyPayment()
  if (!row) return details
  for (const [field, column] of Object.entries(PAYMENT_COLUMNS))
    details[field as PaymentField] = (row[column] as string | null) ?? null
  return details
}

export async function paymentDetailsOf(organizationId: number, ids: number[], client?: TransactionClientContract) {
  const rows = ids.length
    ? await (client ?? db)
        .from('affiliate_payment_details')
        .where('organization_id', organizationId)
        .whereIn('user_id', ids)
    : []
  const byId = new Map(rows.map((row) => [Number(row.user_id), paymentFromRow(row)]))
  return (id: number) => byId.get(id) ?? emptyPayment()
}

/**
 * Which of `ids` the caller may see the payment details of: with the payment permission, every
 * affiliate it sees, except an ADM, who sees those of the affiliates it manages or is assigned.
 */
export async function paymentVisibleIds(ctx: HttpContext, ids: number[]): Promise<Set<number>> {
  if (!ids.length || !ctx.tenant.abilities.has('affiliates.payment:read')) return new Set()
  if (ctx.tenant.role !== 'adm') return new Set(ids)
  const [assigned, managed] = await Promise.all([
    assignedAmong(ctx.tenant.organizationId, ctx.tenant.userId, ids),
    db
      .from('affiliate_profiles')
      .where({ organization_id: ctx.tenant.organizationId, manager_id: ctx.tenant.userId })
      .whereIn('user_id', ids)
      .select('user_id'),
  ])
  return new Set([...assigned, ...managed.map((row) => Number(row.user_id))])
}

/** Names of users and groups, read in one query each. */
async function namesOf(organizationId: number, rows: AffiliateRecord[]) {
  const userIds = [
    ...new Set(rows.flatMap((row) => [row.managerId, row.referredById]).filter((id): id is number => !!id)),
  ]
  const ids = rows.map((row) => row.id)
  const [users, groups, memberships, panels] = await Promise.all([
    findPanels(userIds, { organizationId }),
    db
      .from('affiliate_groups')
      .where('organization_id', organizationId)
      .whereIn(
        'id',
        rows.map((row) => row.groupId).filter((id): id is number => !!id)
      )
      .select('id', 'name'),
    ids.length
      ? db
          .from('affiliate_group_members')
          .where('organization_id', organizationId)
          .whereIn('affiliate_id', ids)
          .orderBy('group_id')
          .select('affiliate_id', 'group_id')
      : [],
    findPanels(ids, { organizationId }),
  ])
  const userName = new Map([...users.values()].map((panel) => [panel.id, panel.name ?? panel.email]))
  const groupName = new Map(groups.map((row) => [Number(row.id), row.name as string]))
  const groupsOf = new Map<number, number[]>()
  for (const row of memberships)
    groupsOf.set(Number(row.affiliate_id), [...(groupsOf.get(Number(row.affiliate_id)) ?? []), Number(row.group_id)])
  const withPassword = new Set([...panels.values()].filter((panel) => panel.hasPassword).map((panel) => panel.id))
  return { userName, groupName, groupsOf, withPassword }
}

/** The API shape of affiliates; payment details only for the ids in `withPayment`. */
export async function presentAffiliates(ctx: HttpContext, rows: AffiliateRecord[], withPayment: Set<number>) {
  const organizationId = ctx.tenant.organizationId
  const [names, payment, linkBase, signupOpen] = await Promise.all([
    namesOf(organizationId, rows),
    paymentDetailsOf(
      organizationId,
      rows.map((row) => row.id).filter((id) => withPayment.has(id))
    ),
    linkBaseUrl(organizationId),
    // The link opens the signup plugin's form: while that is off it would lead to a 404.
    pluginEnabledFor(organizationId, 'signup'),
  ])
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name ?? null,
    status: row.status,
    contact: row.contact ?? null,
    skype: row.skype ?? null,
    tags: Array.isArray(row.tags) ? row.tags : [],
    companyName: row.companyName ?? null,
    country: row.country ?? null,
    state: row.state ?? null,
    city: row.city ?? null,
    address: row.address ?? null,
    zipcode: row.zipcode ?? null,
    taxId: row.taxId ?? null,
    managerId: row.managerId ?? null,
    managerName: row.managerId ? (names.userName.get(row.managerId) ?? null) : null,
    groupId: row.groupId ?? null,
    groupName: row.groupId ? (names.groupName.get(row.groupId) ?? null) : null,
    otherGroupIds: (names.groupsOf.get(row.id) ?? []).filter((groupId) => groupId !== row.groupId),
    currency: row.currency ?? null,
    externalId: row.externalId ?? null,
    referredById: row.referredById ?? null,
    referredByName: row.referredById ? (names.userName.get(row.referredById) ?? null) : null,
    emailNotification: row.emailNotification,
    negativeCarryover: row.negativeCarryover,
    feePercent: row.feePercent === null || row.feePercent === undefined ? null : String(row.feePercent),
    referralLink: signupOpen ? referralLink(linkBase, organizationId, row.id) : null,
    hasPassword: names.withPassword.has(row.id),
    createdAt: row.createdAt?.toISO() ?? null,
    updatedAt: row.updatedAt?.toISO() ?? null,
    lastLoginAt: row.lastLoginAt?.toISO() ?? null,
    ...(withPayment.has(row.id) ? { paymentDetails: payment(row.id) } : {}),
  }))
}

export async function presentAffiliate(ctx: HttpContext, row: AffiliateRecord) {
  const [record] = await presentAffiliates(ctx, [row], await paymentVisibleIds(ctx, [row.id]))
  return record
}

const refuse = (key: string, field: string, rule = 'exists') =>
  unprocessable(`affiliates.errors.${key}`, { fields: [{ field, rule }] })

/** A live team member (sub-admin, AFM, ADM) of the organisation. */
export async function assertManager(organizationId: number, managerId: number | null | undefined) {
  if (!managerId) return
  const manager = await findPanel(managerId, { organizationId, roles: MANAGER_ROLES, live: true })
  if (!manager) throw refuse('unknown_manager', 'managerId')
}

export async function assertGroups(
  organizationId: number,
  groupId: number | null | undefined,
  otherGroupIds: number[] | null | undefined
) {
  if (groupId && !(await existingIds(organizationId, 'affiliate-groups', [groupId])).has(groupId))
    throw refuse('unknown_group', 'groupId')
  if (otherGroupIds?.length) {
    const found = await existingIds(organizationId, 'affiliate-groups', otherGroupIds)
    if (otherGroupIds.some((id) => !found.has(id))) throw refuse('unknown_group', 'otherGroupIds')
  }
}

/** Another live affiliate of the organisation. */
export async function assertReferrer(organizationId: number, referredById: number | null | undefined, selfId?: number) {
  if (!referredById) return
  if (referredById === selfId) throw refuse('self_referral', 'referredById', 'different')
  const referrer = await findPanel(referredById, { organizationId, roles: ['affiliate'], live: true })
  if (!referrer) throw refuse('unknown_referrer', 'referredById')
}

export async function assertExternalIdFree(
  client: TransactionClientContract,
  organizationId: number,
  externalId: string | null | undefined,
  selfId?: number
) {
  if (!externalId) return
  const clash = await client
    .from('affiliate_profiles')
    .where('organization_id', organizationId)
    .whereRaw('lower(external_id) = lower(?)', [externalId])
    .if(selfId, (query) => query.whereNot('user_id', selfId!))
    .first()
  if (clash) throw refuse('external_id_taken', 'externalId', 'unique')
}

/** Inserts or updates the profile row with the given API fields (only those present). */
export async function writeProfile(
  trx: TransactionClientContract,
  organizationId: number,
  userId: number,
  fields: Record<string, unknown>
) {
  const row: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) {
    if (fields[field] === undefined) continue
    const value = fields[field]
    if (field === 'tags') row[column] = JSON.stringify(value ?? [])
    else if (field === 'feePercent') row[column] = value === null ? null : String(value)
    else row[column] = value
  }
  const now = new Date()
  const insert = trx
    .insertQuery()
    .table('affiliate_profiles')
    .insert({ user_id: userId, organization_id: organizationId, ...row, created_at: now, updated_at: now })
  if (!Object.keys(row).length) await insert.onConflict('user_id').ignore()
  else await insert.onConflict('user_id').merge([...Object.keys(row), 'updated_at'])
}

/**
 * Merges payment details into the stored ones and checks what the default method needs
 * (spec §5 required-field messages), reporting fields under `prefix` (e.g. "paymentDetails.").
 */
export async function writePayment(
  ctx: HttpContext,
  trx: TransactionClientContract,
  userId: number,
  given: Partial<Record<PaymentField, string | null | undefined>>,
  prefix: string
) {
  const organizationId = ctx.tenant.organizationId
  const stored = await trx
    .from('affiliate_payment_details')
    .where({ user_id: userId, organization_id: organizationId })
    .forUpdate()
    .first()
  const merged = paymentFromRow(stored)
  for (const field of Object.keys(PAYMENT_COLUMNS) as PaymentField[]) {
    if (given[field] !== undefined) merged[field] = given[field] === '' ? null : (given[field] ?? null)
  }
  const method = merged.defaultMethod as PaymentMethod | null
  if (method) {
    const missing: PaymentField[] = []
    for (const requirement of REQUIRED_PAYMENT_FIELDS[method]) {
      const anyOf = Array.isArray(requirement) ? requirement : [requirement]
      if (!anyOf.some((field) => merged[field])) missing.push(anyOf[0])
    }
    if (missing.length) {
      throw new vineErrors.E_VALIDATION_ERROR(
        missing.map((field) => ({
          field: `${prefix}${field}`,
          rule: 'required',
          message: ctx.i18n.t('validator.shared.messages.required', {
            field: ctx.i18n.t(`affiliates.validator.fields.${field}`),
          }),
        }))
      )
    }
  }
  const row = Object.fromEntries(
    Object.entries(PAYMENT_COLUMNS).map(([field, column]) => [column, merged[field as PaymentField]])
  )
  const now = new Date()
  await trx
    .insertQuery()
    .table('affiliate_payment_details')
    .insert({ user_id: userId, organization_id: organizationId, ...row, created_at: now, updated_at: now })
    .onConflict('user_id')
    .merge([...Object.keys(row), 'updated_at'])
}

/**
 * Sets the affiliate's primary group (undefined: unchanged) and, when given, its other groups,
 * keeping the memberships in step (groups/membership.ts).
 */
export async function writeGroups(
  trx: TransactionClientContract,
  organizationId: number,
  userId: number,
  previousGroupId: number | null,
  groupId: number | null | undefined,
  otherGroupIds: number[] | null | undefined
) {
  await applyMembershipChanges(
    trx,
    organizationId,
    await groupsChange(trx, organizationId, userId, previousGroupId, groupId, otherGroupIds)
  )
}

/** The ids among `ids` the caller may see; a 422 on `ids` when any is not. */
export async function assertVisibleIds(ctx: HttpContext, ids: number[]) {
  const found = await visibleAffiliates(ctx, await teamScopeOf(ctx))
    .whereIn('id', ids)
    .select('id')
  if (found.length !== new Set(ids).size) throw refuse('unknown_ids', 'ids')
}
