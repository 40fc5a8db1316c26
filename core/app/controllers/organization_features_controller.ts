import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import { ok } from '#kernel/envelope'
import { authorize } from '#kernel/tenancy'
import { validate } from '#kernel/validation'
import { normalizeDisabledReports } from '#kernel/report_switches'
import { reportSwitchesValidator } from '#validators/organization'
import { recordTimeline } from '#services/timeline'

/** Feature flags (set by a superadmin, read-only here) and the admin's report switches. */
const featuresOf = (org: Organization) => ({
  organizationId: org.id,
  features: org.features ?? {},
  reportsInstall: org.reportsInstall ?? false,
  disabledReports: normalizeDisabledReports(org.disabledReports),
})

export default class OrganizationFeaturesController {
  /** GET /api/v1/organization/features */
  async show(ctx: HttpContext) {
    authorize(ctx, 'organization', 'read')
    return ok(ctx, featuresOf(await Organization.findOrFail(ctx.tenant.organizationId)))
  }

  /**
   * PATCH /api/v1/organization/features: switches customer, activity and conversion reports
   * off (or back on) for the whole organisation, every role included (spec §6).
   */
  async update(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const { disabledReports } = await validate(ctx, reportSwitchesValidator, 'report_switches')
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    const before = normalizeDisabledReports(org.disabledReports)
    const after = normalizeDisabledReports(disabledReports)
    if (before.join() !== after.join()) {
      await db.transaction(async (trx) => {
        org.useTransaction(trx)
        org.disabledReports = after
        await org.save()
        await recordTimeline(
          org.id,
          ctx.tenant.userId,
          'organization.reports_switched',
          { from: before, to: after },
          trx
        )
      })
    }
    return ok(ctx, featuresOf(org))
  }

  /** GET /api/v1/organization/child/features: the same for each child organisation (parents). */
  async children(ctx: HttpContext) {
    authorize(ctx, 'organization', 'read')
    const rows = await Organization.query()
      .where('parent_id', ctx.tenant.homeOrganizationId)
      .orderBy('name')
      .orderBy('id')
    return ok(
      ctx,
      rows.map((child) => ({ ...featuresOf(child), name: child.name }))
    )
  }
}
