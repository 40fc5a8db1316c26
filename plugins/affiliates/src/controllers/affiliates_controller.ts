import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  addPanel,
  assignAffiliatesToMember,
  authorize,
  created,
  exportList,
  forbidden,
  list,
  moveManagerAssignments,
  ok,
  paginate,
  parseList,
  refusePasswordFields,
  rejectClearedFields,
  setPanelsStatus,
  teamScopeOf,
  unprocessable,
  updatePanel,
  validate,
} from '@affix/core/kernel'
import AffiliateRecord from '../models/affiliate_record.js'
import { applyMembershipChanges, lockGroups } from '../groups/membership.js'
import { AFFILIATE_LIST, REFERRALS_LIST } from '../lists.js'
import { PANEL_FIELDS } from '../constants.js'
import {
  assertExternalIdFree,
  assertGroups,
  assertManager,
  assertReferrer,
  assertVisibleIds,
  findAffiliate,
  paymentVisibleIds,
  presentAffiliate,
  presentAffiliates,
  visibleAffiliates,
  writtenAffiliate,
  writeGroups,
  writePayment,
  writeProfile,
} from '../services/affiliates.js'
import {
  affiliateGroupValidator,
  affiliateManagerValidator,
  affiliateStatusValidator,
  createAffiliateValidator,
  updateAffiliateValidator,
} from '../validators.js'

type AffiliateInput = Awaited<ReturnType<(typeof updateAffiliateValidator)['validate']>>

/** The panel part of the input (users row), in kernel panel field names. */
function panelChanges(data: AffiliateInput) {
  const changes: Record<string, unknown> = {}
  for (const [field, panelField] of Object.entries(PANEL_FIELDS)) {
    const value = data[field as keyof AffiliateInput]
    if (value !== undefined) changes[panelField] = value
  }
  return changes
}

/** A unique index settling a race (same e-mail or external id at once) is the same 422 as the check. */
function uniqueViolation(error: unknown) {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
  if (code !== '23505') return null
  if (constraint?.includes('external_id'))
    return unprocessable('affiliates.errors.external_id_taken', { fields: [{ field: 'externalId', rule: 'unique' }] })
  return unprocessable('panels.username_taken', { fields: [{ field: 'email', rule: 'unique' }] })
}

/** A profile column of affiliates, locked until the transaction ends (a missing profile reads as null). */
async function previousProfileValues(
  trx: TransactionClientContract,
  organizationId: number,
  ids: number[],
  column: 'manager_id' | 'group_id'
) {
  const rows = await trx
    .from('affiliate_profiles')
    .where('organization_id', organizationId)
    .whereIn('user_id', ids)
    .forUpdate()
    .select('user_id', column)
  return new Map(rows.map((row) => [Number(row.user_id), row[column] === null ? null : Number(row[column])]))
}

async function checkReferences(ctx: HttpContext, data: AffiliateInput, selfId?: number) {
  const organizationId = ctx.tenant.organizationId
  await assertManager(organizationId, data.managerId)
  await assertGroups(organizationId, data.groupId, data.otherGroupIds)
  await assertReferrer(organizationId, data.referredById, selfId)
  if (data.paymentDetails !== undefined && !ctx.tenant.abilities.has('affiliates.payment:manage')) throw forbidden()
}

export default class AffiliatesController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    const parsed = parseList(ctx, AFFILIATE_LIST)
    const page = await paginate(visibleAffiliates(ctx, await teamScopeOf(ctx)), parsed, AFFILIATE_LIST)
    const withPayment = await paymentVisibleIds(
      ctx,
      page.rows.map((row) => row.id)
    )
    return list(ctx, 'affiliates', await presentAffiliates(ctx, page.rows, withPayment), page)
  }

  /** GET /affiliates/export: the list as CSV; never the password nor payment details. */
  async export(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    return exportList(ctx, {
      pluginId: 'affiliates',
      resource: 'affiliates',
      query: visibleAffiliates(ctx, await teamScopeOf(ctx)),
      list: AFFILIATE_LIST,
      columns: [
        { header: 'id', value: (row: AffiliateRecord) => row.id },
        { header: 'email', value: (row) => row.email },
        { header: 'name', value: (row) => row.name },
        { header: 'status', value: (row) => row.status },
        { header: 'contact', value: (row) => row.contact },
        { header: 'skype', value: (row) => row.skype },
        { header: 'tags', value: (row) => (Array.isArray(row.tags) ? row.tags.join('|') : '') },
        { header: 'company_name', value: (row) => row.companyName },
        { header: 'country', value: (row) => row.country },
        { header: 'state', value: (row) => row.state },
        { header: 'city', value: (row) => row.city },
        { header: 'address', value: (row) => row.address },
        { header: 'zipcode', value: (row) => row.zipcode },
        { header: 'tax_id', value: (row) => row.taxId },
        { header: 'manager_id', value: (row) => row.managerId },
        { header: 'group_id', value: (row) => row.groupId },
        { header: 'currency', value: (row) => row.currency },
        { header: 'external_id', value: (row) => row.externalId },
        { header: 'referred_by', value: (row) => row.referredById },
        { header: 'email_notification', value: (row) => row.emailNotification },
        { header: 'negative_carryover', value: (row) => row.negativeCarryover },
        { header: 'fee_percent', value: (row) => row.feePercent },
        { header: 'created_at', value: (row) => row.createdAt },
        { header: 'last_login_at', value: (row) => row.lastLoginAt },
      ],
    })
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    return ok(ctx, await presentAffiliate(ctx, await findAffiliate(ctx)))
  }

  /**
   * POST /affiliates: a new affiliate panel (active unless told otherwise), its profile and
   * payment details. No password: the person sets theirs through the invitation mailed to the
   * address.
   */
  async store(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    refusePasswordFields(ctx)
    const data = await validate(ctx, createAffiliateValidator, 'affiliates')
    await checkReferences(ctx, data)
    const organizationId = ctx.tenant.organizationId
    const scope = await teamScopeOf(ctx)
    try {
      const id = await db.transaction(async (trx) => {
        const userId = await addPanel(
          trx,
          {
            organizationId,
            role: 'affiliate',
            email: data.email,
            ...panelChanges(data),
            status: data.status ?? 'active',
          },
          { invite: true }
        )
        await assertExternalIdFree(trx, organizationId, data.externalId)
        await writeProfile(trx, organizationId, userId, data)
        if (data.paymentDetails) await writePayment(ctx, trx, userId, data.paymentDetails, 'paymentDetails.')
        await writeGroups(trx, organizationId, userId, null, data.groupId, data.otherGroupIds)
        await moveManagerAssignments(trx, organizationId, [
          { affiliateId: userId, previous: null, next: data.managerId ?? null },
        ])
        // A team member who sees only its assigned affiliates keeps seeing the ones it creates.
        if (scope.affiliates === 'assigned' && ctx.tenant.role !== 'affiliate')
          await assignAffiliatesToMember(trx, organizationId, ctx.tenant.userId, [userId])
        return userId
      })
      return created(ctx, await presentAffiliate(ctx, await writtenAffiliate(ctx, id)))
    } catch (error) {
      throw uniqueViolation(error) ?? error
    }
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const affiliate = await findAffiliate(ctx)
    refusePasswordFields(ctx)
    rejectClearedFields(ctx, ['email', 'name', 'status'], 'affiliates')
    const data = await validate(ctx, updateAffiliateValidator, 'affiliates')
    await checkReferences(ctx, data, affiliate.id)
    // Whoever may not read an affiliate's payment details (an ADM of someone else's affiliate) may not write them.
    if (data.paymentDetails !== undefined && !(await paymentVisibleIds(ctx, [affiliate.id])).has(affiliate.id))
      throw forbidden()
    const organizationId = ctx.tenant.organizationId
    try {
      await db.transaction(async (trx) => {
        // Group lock before the profile row, in the order the group screen takes them.
        if (data.groupId !== undefined || data.otherGroupIds !== undefined) await lockGroups(trx, organizationId)
        await updatePanel(trx, organizationId, affiliate.id, { ...panelChanges(data), email: data.email })
        await assertExternalIdFree(trx, organizationId, data.externalId, affiliate.id)
        const previousGroupId =
          (await previousProfileValues(trx, organizationId, [affiliate.id], 'group_id')).get(affiliate.id) ?? null
        const previousManagerId =
          (await previousProfileValues(trx, organizationId, [affiliate.id], 'manager_id')).get(affiliate.id) ?? null
        await writeProfile(trx, organizationId, affiliate.id, data)
        if (data.paymentDetails) await writePayment(ctx, trx, affiliate.id, data.paymentDetails, 'paymentDetails.')
        await writeGroups(trx, organizationId, affiliate.id, previousGroupId, data.groupId, data.otherGroupIds)
        if (data.managerId !== undefined) {
          await moveManagerAssignments(trx, organizationId, [
            { affiliateId: affiliate.id, previous: previousManagerId, next: data.managerId },
          ])
        }
      })
    } catch (error) {
      throw uniqueViolation(error) ?? error
    }
    return ok(ctx, await presentAffiliate(ctx, await findAffiliate(ctx, affiliate.id)))
  }

  /**
   * DELETE: the affiliate becomes deleted (its sessions end); its address stays taken in the
   * organisation. Its groups keep their other members, even when it was the last one (the group
   * then shows no affiliate and needs one on its next update).
   */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const affiliate = await findAffiliate(ctx)
    await db.transaction((trx) =>
      setPanelsStatus(trx, ctx.tenant.organizationId, [affiliate.id], 'deleted', 'affiliate')
    )
    return ok(ctx, { id: affiliate.id })
  }

  /** POST /affiliates/status: all or nothing, only on affiliates the caller sees. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const { ids, status } = await validate(ctx, affiliateStatusValidator, 'affiliates')
    await assertVisibleIds(ctx, ids)
    const updated = await db.transaction((trx) =>
      setPanelsStatus(trx, ctx.tenant.organizationId, ids, status, 'affiliate')
    )
    return ok(ctx, { updated: updated.length, ids: updated })
  }

  /** POST /affiliates/manager: sets the account manager; the team assignment moves with it (moveManagerAssignments). */
  async setManager(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const { ids, managerId } = await validate(ctx, affiliateManagerValidator, 'affiliates')
    await assertVisibleIds(ctx, ids)
    const organizationId = ctx.tenant.organizationId
    await assertManager(organizationId, managerId)
    await db.transaction(async (trx) => {
      const previous = await previousProfileValues(trx, organizationId, ids, 'manager_id')
      for (const id of ids) await writeProfile(trx, organizationId, id, { managerId })
      await moveManagerAssignments(
        trx,
        organizationId,
        ids.map((id) => ({ affiliateId: id, previous: previous.get(id) ?? null, next: managerId }))
      )
    })
    return ok(ctx, { updated: ids.length, ids })
  }

  /**
   * POST /affiliates/group: sets the primary group; the affiliates join it and leave their
   * previous primary group (refused when a group is in use or would be left empty).
   */
  async setGroup(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'manage')
    const { ids, groupId } = await validate(ctx, affiliateGroupValidator, 'affiliates')
    await assertVisibleIds(ctx, ids)
    const organizationId = ctx.tenant.organizationId
    await assertGroups(organizationId, groupId, null)
    await db.transaction(async (trx) => {
      await lockGroups(trx, organizationId)
      const previous = await previousProfileValues(trx, organizationId, ids, 'group_id')
      await applyMembershipChanges(
        trx,
        organizationId,
        ids.map((id) => ({
          affiliateId: id,
          add: [groupId],
          remove: previous.get(id) && previous.get(id) !== groupId ? [previous.get(id)!] : [],
          field: 'groupId',
        }))
      )
      for (const id of ids) await writeProfile(trx, organizationId, id, { groupId })
    })
    return ok(ctx, { updated: ids.length, ids })
  }

  /** GET /affiliates/:id/referred: the affiliates it referred (that the caller sees). */
  /** GET /affiliates/referrals: the network's view of who referred whom (its scope; no payment details). */
  async referrals(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    authorize(ctx, 'affiliates.referred', 'read')
    const parsed = parseList(ctx, REFERRALS_LIST)
    const page = await paginate(
      visibleAffiliates(ctx, await teamScopeOf(ctx)).whereNotNull('referred_by'),
      parsed,
      REFERRALS_LIST
    )
    return list(ctx, 'referrals', await presentAffiliates(ctx, page.rows, new Set()), page)
  }

  async referred(ctx: HttpContext) {
    authorize(ctx, 'affiliates', 'read')
    authorize(ctx, 'affiliates.referred', 'read')
    const affiliate = await findAffiliate(ctx)
    const parsed = parseList(ctx, AFFILIATE_LIST)
    const page = await paginate(
      visibleAffiliates(ctx, await teamScopeOf(ctx)).where('referred_by', affiliate.id),
      parsed,
      AFFILIATE_LIST
    )
    const withPayment = await paymentVisibleIds(
      ctx,
      page.rows.map((row) => row.id)
    )
    return list(ctx, 'affiliates', await presentAffiliates(ctx, page.rows, withPayment), page)
  }
}
