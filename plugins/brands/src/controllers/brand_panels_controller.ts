import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  addPanel,
  authorize,
  created,
  findPanel,
  findPanels,
  notFound,
  ok,
  type PanelRef,
  refusePasswordFields,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { findBrand } from '../queries.js'
import { addBrandPanelValidator } from '../validators.js'

interface LinkRow {
  user_id: number
  brand_id: number
  created_at: Date
}

const serialize = (panel: PanelRef, link: LinkRow) => ({
  userId: panel.id,
  brandId: Number(link.brand_id),
  email: panel.email,
  name: panel.name,
  status: panel.status,
  hasPassword: panel.hasPassword,
  linkedAt: new Date(link.created_at).toISOString(),
})

/**
 * The people of a brand (spec §3, §6): brand panels linked to the brand. The network invites a
 * person (a new brand panel; the person chooses the password through the mailed invitation) or
 * links a brand panel that signed up; an admin then logs in as it (POST /auth/login-as).
 */
export default class BrandPanelsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const brand = await findBrand(ctx)
    const links: LinkRow[] = await db
      .from('brand_panels')
      .where({ organization_id: ctx.tenant.organizationId, brand_id: brand.id })
      .orderBy('created_at')
      .orderBy('user_id')
    const panels = await findPanels(
      links.map((link) => Number(link.user_id)),
      { organizationId: ctx.tenant.organizationId, live: true }
    )
    return ok(
      ctx,
      links.flatMap((link) => {
        const panel = panels.get(Number(link.user_id))
        return panel ? [serialize(panel, link)] : []
      })
    )
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const brand = await findBrand(ctx)
    refusePasswordFields(ctx)
    const data = await validate(ctx, addBrandPanelValidator, 'brands')
    const organizationId = ctx.tenant.organizationId
    const { panel, link } = await db.transaction(async (trx) => {
      let userId: number
      if (data.userId !== undefined) {
        const existing = await findPanel(data.userId, { organizationId, roles: ['brand'], live: true, client: trx })
        if (!existing)
          throw unprocessable('brands.errors.unknown_brand_panel', { fields: [{ field: 'userId', rule: 'exists' }] })
        userId = existing.id
      } else {
        userId = await addPanel(
          trx,
          { organizationId, email: data.email!, name: data.name ?? brand.name, role: 'brand', status: 'active' },
          { invite: true }
        )
      }
      // tenancy: the panel id was resolved in the organisation above; a panel has one brand link at most
      const taken = await trx.from('brand_panels').where('user_id', userId).forUpdate().first()
      if (taken)
        throw unprocessable('brands.errors.panel_linked', {
          fields: [{ field: data.userId !== undefined ? 'userId' : 'email', rule: 'unique' }],
        })
      const [row] = await trx
        .insertQuery()
        .table('brand_panels')
        .insert({ organization_id: organizationId, brand_id: brand.id, user_id: userId, created_by: ctx.tenant.userId })
        .returning(['user_id', 'brand_id', 'created_at'])
      return { panel: (await findPanel(userId, { organizationId, client: trx }))!, link: row as LinkRow }
    })
    return created(ctx, serialize(panel, link))
  }

  /** Unlinks a panel from the brand: from then on it sees nothing of it. The panel itself stays. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const brand = await findBrand(ctx)
    const userId = Number(ctx.params.userId)
    if (!Number.isSafeInteger(userId) || userId <= 0) throw notFound()
    const removed = await db
      .from('brand_panels')
      .where({ organization_id: ctx.tenant.organizationId, brand_id: brand.id, user_id: userId })
      .delete()
      .returning('user_id')
    if (!removed.length) throw notFound()
    return ok(ctx, { id: userId })
  }
}
