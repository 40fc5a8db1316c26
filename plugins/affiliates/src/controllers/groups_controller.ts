import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  AppError,
  authorize,
  created,
  findScoped,
  forbidden,
  list,
  missingIds,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  teamScopeOf,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import AffiliateGroup from '../groups/model.js'
import { GROUP_LIST } from '../groups/lists.js'
import { groupInUse } from '../groups/usage.js'
import { clearPrimaryOfNonMembers, groupNeedsAffiliate, liveMemberCounts, lockGroups } from '../groups/membership.js'
import { createGroupValidator, updateGroupValidator } from '../groups/validators.js'

const SCOPE = 'affiliate_groups'

/** Spec §6: groups belong to affiliate management; affiliates and brands never see them. */
function authorizeGroups(ctx: HttpContext, action: 'read' | 'manage') {
  if (ctx.tenant.role === 'affiliate' || ctx.tenant.role === 'brand') throw forbidden()
  authorize(ctx, 'affiliates', action)
}

/** The affiliates the caller may see, or null for all of them (team members with assigned scope). */
async function visibleAffiliates(ctx: HttpContext): Promise<Set<number> | null> {
  const scope = await teamScopeOf(ctx)
  return scope.affiliateIds ? new Set(scope.affiliateIds) : null
}

async function serializeGroups(ctx: HttpContext, groups: AffiliateGroup[]) {
  if (!groups.length) return []
  const organizationId = ctx.tenant.organizationId
  const visible = await visibleAffiliates(ctx)
  const members = await db
    .from('affiliate_group_members as m')
    .join('affiliate_records as a', 'a.id', 'm.affiliate_id')
    .where('m.organization_id', organizationId)
    .whereIn(
      'm.group_id',
      groups.map((group) => group.id)
    )
    .whereNot('a.status', 'deleted')
    .orderBy('m.affiliate_id')
    .select('m.group_id', 'm.affiliate_id')
  const byGroup = new Map<number, number[]>()
  for (const row of members) {
    const affiliateId = Number(row.affiliate_id)
    if (visible && !visible.has(affiliateId)) continue
    const ids = byGroup.get(Number(row.group_id)) ?? []
    ids.push(affiliateId)
    byGroup.set(Number(row.group_id), ids)
  }
  const parentIds = [...new Set(groups.map((group) => group.parentGroupId).filter((id): id is number => Boolean(id)))]
  const parents = parentIds.length
    ? await db
        .from('affiliate_groups')
        .where('organization_id', organizationId)
        .whereIn('id', parentIds)
        .select('id', 'name')
    : []
  const parentNames = new Map(parents.map((row) => [Number(row.id), String(row.name)]))
  return Promise.all(
    groups.map(async (group) => {
      const affiliateIds = byGroup.get(group.id) ?? []
      return {
        id: group.id,
        name: group.name,
        description: group.description ?? null,
        parentGroupId: group.parentGroupId ?? null,
        parentGroupName: group.parentGroupId ? (parentNames.get(group.parentGroupId) ?? null) : null,
        affiliateIds,
        affiliateCount: affiliateIds.length,
        inUse: await groupInUse(organizationId, group.id),
        createdAt: group.createdAt?.toISO() ?? null,
        updatedAt: group.updatedAt?.toISO() ?? null,
      }
    })
  )
}

async function serializeGroup(ctx: HttpContext, group: AffiliateGroup) {
  return (await serializeGroups(ctx, [group]))[0]
}

/** Members must be live affiliates of the organisation that the caller may see. */
async function assertAffiliates(ctx: HttpContext, ids: number[], visible: Set<number> | null) {
  const missing = await missingIds(ctx.tenant.organizationId, 'affiliates', ids)
  if (missing.length || (visible && ids.some((id) => !visible.has(id)))) {
    throw unprocessable(`${SCOPE}.errors.unknown_affiliates`, { fields: [{ field: 'affiliateIds', rule: 'exists' }] })
  }
}

async function assertParent(ctx: HttpContext, trx: TransactionClientContract, parentId: number, groupId?: number) {
  const field = [{ field: 'parentGroupId', rule: 'exists' }]
  if (groupId && parentId === groupId) throw unprocessable(`${SCOPE}.errors.parent_self`, { fields: field })
  const parent = await trx
    .from('affiliate_groups')
    .where({ id: parentId, organization_id: ctx.tenant.organizationId })
    .first()
  if (!parent) throw unprocessable(`${SCOPE}.errors.unknown_parent`, { fields: field })
  if (!groupId) return
  // The new parent must not descend from the group (UNION stops on a cycle already stored).
  const cycle = await trx.rawQuery(
    `WITH RECURSIVE chain AS (
       SELECT id, parent_group_id FROM affiliate_groups WHERE id = ? AND organization_id = ?
       UNION SELECT g.id, g.parent_group_id FROM affiliate_groups g JOIN chain c ON g.id = c.parent_group_id
     ) SELECT 1 FROM chain WHERE id = ? LIMIT 1`,
    [parentId, ctx.tenant.organizationId, groupId]
  )
  if (cycle.rows.length) throw unprocessable(`${SCOPE}.errors.parent_cycle`, { fields: field })
}

async function assertNameFree(ctx: HttpContext, trx: TransactionClientContract, name: string, exceptId?: number) {
  const clash = await trx
    .from('affiliate_groups')
    .where('organization_id', ctx.tenant.organizationId)
    .whereRaw('lower(name) = lower(?)', [name])
    .if(exceptId, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash) throw nameTaken()
}

const nameTaken = () => unprocessable(`${SCOPE}.errors.name_taken`, { fields: [{ field: 'name', rule: 'unique' }] })

/** A concurrent create of the same name loses on the unique index: same answer as the check. */
function mapUniqueViolation(error: unknown): never {
  if ((error as { code?: string })?.code === '23505') throw nameTaken()
  throw error
}

async function assertNotInUse(ctx: HttpContext, group: AffiliateGroup, action: 'update' | 'delete') {
  if (await groupInUse(ctx.tenant.organizationId, group.id)) {
    throw new AppError(`${SCOPE}.errors.in_use_${action}`, 409, 'conflict')
  }
}

/** The group's members become `affiliateIds`; those who leave it lose it as their primary group too. */
async function replaceMembers(
  trx: TransactionClientContract,
  organizationId: number,
  groupId: number,
  affiliateIds: number[]
) {
  await trx.from('affiliate_group_members').where({ group_id: groupId, organization_id: organizationId }).delete()
  if (affiliateIds.length) {
    await trx
      .insertQuery()
      .table('affiliate_group_members')
      .multiInsert(
        affiliateIds.map((affiliateId) => ({
          group_id: groupId,
          affiliate_id: affiliateId,
          organization_id: organizationId,
        }))
      )
  }
  await clearPrimaryOfNonMembers(trx, organizationId, groupId)
}

export default class GroupsController {
  async index(ctx: HttpContext) {
    authorizeGroups(ctx, 'read')
    const parsed = parseList(ctx, GROUP_LIST)
    const page = await paginate(scoped(ctx, AffiliateGroup), parsed, GROUP_LIST)
    return list(ctx, 'groups', await serializeGroups(ctx, page.rows), page)
  }

  async show(ctx: HttpContext) {
    authorizeGroups(ctx, 'read')
    return ok(ctx, await serializeGroup(ctx, await findScoped(ctx, AffiliateGroup, ctx.params.id)))
  }

  async store(ctx: HttpContext) {
    authorizeGroups(ctx, 'manage')
    const data = await validate(ctx, createGroupValidator, SCOPE)
    const organizationId = ctx.tenant.organizationId
    await assertAffiliates(ctx, data.affiliateIds, await visibleAffiliates(ctx))
    const group = await db
      .transaction(async (trx) => {
        await lockGroups(trx, organizationId)
        await assertNameFree(ctx, trx, data.name)
        if (data.parentGroupId) await assertParent(ctx, trx, data.parentGroupId)
        const row = await AffiliateGroup.create(
          {
            organizationId,
            name: data.name,
            description: data.description ?? null,
            parentGroupId: data.parentGroupId ?? null,
          },
          { client: trx }
        )
        await replaceMembers(trx, organizationId, row.id, data.affiliateIds)
        return row
      })
      .catch(mapUniqueViolation)
    return created(ctx, await serializeGroup(ctx, group))
  }

  async update(ctx: HttpContext) {
    authorizeGroups(ctx, 'manage')
    const group = await findScoped(ctx, AffiliateGroup, ctx.params.id)
    await assertNotInUse(ctx, group, 'update')
    rejectClearedFields(ctx, ['name', 'affiliateIds'], SCOPE)
    const data = await validate(ctx, updateGroupValidator, SCOPE)
    const organizationId = ctx.tenant.organizationId
    const visible = await visibleAffiliates(ctx)
    if (data.affiliateIds) await assertAffiliates(ctx, data.affiliateIds, visible)
    await db
      .transaction(async (trx) => {
        await lockGroups(trx, organizationId)
        if (data.name !== undefined) await assertNameFree(ctx, trx, data.name, group.id)
        if (data.parentGroupId) await assertParent(ctx, trx, data.parentGroupId, group.id)
        // A group whose last affiliates were deleted takes no other change until it gets one.
        if (!data.affiliateIds && !(await liveMemberCounts(trx, organizationId, [group.id])).get(group.id))
          throw groupNeedsAffiliate('affiliateIds')
        group.useTransaction(trx)
        group.merge({
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.description !== undefined ? { description: data.description ?? null } : {}),
          ...(data.parentGroupId !== undefined ? { parentGroupId: data.parentGroupId ?? null } : {}),
        })
        await group.save()
        if (data.affiliateIds) {
          // A team member replaces only the members it can see; the others stay.
          const hidden = visible
            ? (
                await trx
                  .from('affiliate_group_members')
                  .where({ group_id: group.id, organization_id: organizationId })
                  .select('affiliate_id')
              )
                .map((row) => Number(row.affiliate_id))
                .filter((id) => !visible.has(id))
            : []
          await replaceMembers(trx, organizationId, group.id, [...new Set([...data.affiliateIds, ...hidden])])
        }
      })
      .catch(mapUniqueViolation)
    return ok(ctx, await serializeGroup(ctx, group))
  }

  /** Members go with the group; affiliates whose primary group it was and its child groups keep existing without it. */
  async destroy(ctx: HttpContext) {
    authorizeGroups(ctx, 'manage')
    const group = await findScoped(ctx, AffiliateGroup, ctx.params.id)
    await assertNotInUse(ctx, group, 'delete')
    await group.delete()
    return ok(ctx, { id: group.id })
  }
}
