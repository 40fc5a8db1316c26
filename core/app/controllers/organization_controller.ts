import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import { created, list, ok } from '#kernel/envelope'
import { AppError, notFound, unprocessable } from '#kernel/errors'
import { restrictionsOf } from '#kernel/restrictions'
import { authorize, scoped } from '#kernel/tenancy'
import OrganizationTimelineEntry from '#models/organization_timeline_entry'
import { addPanel, refusePasswordFields } from '#kernel/panels'
import { rejectClearedFields, validate } from '#kernel/validation'
import { paginate, parseList } from '#kernel/list_query'
import { createChildValidator, restrictionsValidator, updateOrganizationValidator } from '#validators/organization'
import { recordTimeline } from '#services/timeline'
import { organizationPayload, preferencesOf, TIMELINE_LIST } from '#services/organization'

export default class OrganizationController {
  /** GET /api/v1/organization: the organisation acted on (own, or a child through coid). */
  async show(ctx: HttpContext) {
    authorize(ctx, 'organization', 'read')
    return ok(ctx, await organizationPayload(await Organization.findOrFail(ctx.tenant.organizationId)))
  }

  /** PATCH /api/v1/organization: name and preferences. The timezone is locked (spec §6). */
  async update(ctx: HttpContext) {
    authorize(ctx, 'organization', 'manage')
    rejectClearedFields(ctx, ['name'])
    const data = await validate(ctx, updateOrganizationValidator)
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    const current = preferencesOf(org)
    if (data.preferences?.timezone !== undefined && data.preferences.timezone !== current.timezone) {
      throw new AppError(
        'organization.timezone_locked',
        422,
        'validation',
        {},
        { fields: [{ field: 'preferences.timezone', rule: 'locked' }] }
      )
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    if (data.name !== undefined && data.name !== org.name) changes.name = { from: org.name, to: data.name }
    for (const [key, value] of Object.entries(data.preferences ?? {})) {
      const before = (current as Record<string, unknown>)[key]
      if (value !== undefined && value !== before) changes[`preferences.${key}`] = { from: before, to: value }
    }
    if (Object.keys(changes).length) {
      await db.transaction(async (trx) => {
        org.useTransaction(trx)
        if (data.name !== undefined) org.name = data.name
        org.preferences = { ...org.preferences, ...data.preferences }
        await org.save()
        await recordTimeline(org.id, ctx.tenant.userId, 'organization.updated', changes, trx)
      })
    }
    return ok(ctx, await organizationPayload(org))
  }

  /** GET /api/v1/organization/timeline: the history of changes, newest first. */
  async timeline(ctx: HttpContext) {
    authorize(ctx, 'organization', 'read')
    const parsed = parseList(ctx, TIMELINE_LIST)
    const page = await paginate(scoped(ctx, OrganizationTimelineEntry), parsed, TIMELINE_LIST)
    return list(
      ctx,
      'timeline',
      page.rows.map((row) => row.serialize()),
      page
    )
  }

  /** GET /api/v1/organization/child: child organisations of the caller's own organisation. */
  async children(ctx: HttpContext) {
    authorize(ctx, 'organization', 'read')
    const rows = await Organization.query().where('parent_id', ctx.tenant.homeOrganizationId).orderBy('name')
    return ok(ctx, await Promise.all(rows.map(organizationPayload)))
  }

  /** PATCH /api/v1/organization/child/:id/restrictions: what a parent forbids a child. */
  async updateRestrictions(ctx: HttpContext) {
    authorize(ctx, 'organization', 'manage')
    const child = await Organization.query()
      .where('id', Number(ctx.params.id) || 0)
      .where('parent_id', ctx.tenant.homeOrganizationId)
      .first()
    if (!child) throw notFound()
    const data = await validate(ctx, restrictionsValidator)
    const before = restrictionsOf(child)
    const after = { ...before, ...Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) }
    await db.transaction(async (trx) => {
      child.useTransaction(trx)
      child.restrictions = after
      await child.save()
      await recordTimeline(
        child.id,
        ctx.tenant.userId,
        'organization.restrictions_changed',
        { from: before, to: after },
        trx
      )
    })
    return ok(ctx, { ...(await organizationPayload(child)), restrictions: after })
  }

  /**
   * POST /api/v1/organization/child: a parent registers a child organisation and its first
   * admin. The parent never sets that admin's password: the person sets it through the
   * invitation mailed to the address. Panels the address holds elsewhere neither block nor
   * show here (the child is new, so the address is free in it).
   */
  async createChild(ctx: HttpContext) {
    authorize(ctx, 'organization', 'manage')
    const parent = await Organization.findOrFail(ctx.tenant.homeOrganizationId)
    if (parent.type !== 'parent' || ctx.tenant.organizationId !== parent.id)
      throw unprocessable('organization.not_parent')
    refusePasswordFields(ctx)
    const data = await validate(ctx, createChildValidator)
    const email = data.adminEmail.toLowerCase()
    const child = await db.transaction(async (trx) => {
      const org = await Organization.create(
        {
          name: data.name,
          type: 'child',
          panelType: parent.panelType,
          parentId: parent.id,
          preferences: { ...parent.preferences, ...(data.timezone ? { timezone: data.timezone } : {}) },
        },
        { client: trx }
      )
      await addPanel(
        trx,
        { organizationId: org.id, email, name: data.adminName ?? null, role: 'admin', status: 'active' },
        { invite: true }
      )
      await recordTimeline(
        parent.id,
        ctx.tenant.userId,
        'organization.child_created',
        { childId: org.id, name: org.name },
        trx
      )
      return org
    })
    return created(ctx, await organizationPayload(child))
  }
}
