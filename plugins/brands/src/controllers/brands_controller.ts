import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  created,
  exportList,
  findPanel,
  list,
  ok,
  paginate,
  parseList,
  refusePasswordFields,
  rejectClearedFields,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { BRAND_LIST } from '../lists.js'
import { findBrand, liveBrands } from '../queries.js'
import { setStatusOf } from '../services/bulk_status.js'
import Brand from '../models/brand.js'
import Product from '../models/product.js'
import { brandStatusValidator, createBrandValidator, updateBrandValidator } from '../validators.js'

async function assertManagerInOrganization(ctx: HttpContext, managerId: number | null | undefined) {
  if (!managerId) return
  if (!(await findPanel(managerId, { organizationId: ctx.tenant.organizationId })))
    throw unprocessable('brands.errors.unknown_manager', { fields: [{ field: 'managerId', rule: 'exists' }] })
}

async function assertNameFree(ctx: HttpContext, name: string, exceptId?: number) {
  const clash = await liveBrands(ctx)
    .whereRaw('lower(name) = lower(?)', [name])
    .if(exceptId, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash) throw unprocessable('brands.errors.name_taken', { fields: [{ field: 'name', rule: 'unique' }] })
}

export default class BrandsController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'brands', 'read')
    const parsed = parseList(ctx, BRAND_LIST)
    const page = await paginate(liveBrands(ctx), parsed, BRAND_LIST)
    return list(
      ctx,
      'brands',
      page.rows.map((row) => row.serialize()),
      page
    )
  }

  /** GET /brands/export: the list as CSV, without paging. */
  async export(ctx: HttpContext) {
    authorize(ctx, 'brands', 'read')
    return exportList(ctx, {
      pluginId: 'brands',
      resource: 'brands',
      query: liveBrands(ctx),
      list: BRAND_LIST,
      columns: [
        { header: 'id', value: (brand) => brand.id },
        { header: 'name', value: (brand) => brand.name },
        { header: 'email', value: (brand) => brand.email },
        { header: 'contact', value: (brand) => brand.contact },
        { header: 'status', value: (brand) => brand.status },
        { header: 'website', value: (brand) => brand.website },
        { header: 'manager_id', value: (brand) => brand.managerId },
        { header: 'company_name', value: (brand) => brand.companyName },
        { header: 'company_country', value: (brand) => brand.companyCountry },
        { header: 'created_at', value: (brand) => brand.createdAt },
      ],
    })
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'brands', 'read')
    return ok(ctx, (await findBrand(ctx)).serialize())
  }

  async store(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    // A brand stores no login password: its people get panels of their own and choose theirs.
    refusePasswordFields(ctx, 'panels.brand_password')
    const data = await validate(ctx, createBrandValidator, 'brands')
    await assertNameFree(ctx, data.name)
    await assertManagerInOrganization(ctx, data.managerId)
    const brand = await Brand.create({
      ...data,
      status: data.status ?? 'active',
      organizationId: ctx.tenant.organizationId,
    })
    return created(ctx, brand.serialize())
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const brand = await findBrand(ctx)
    refusePasswordFields(ctx, 'panels.brand_password')
    rejectClearedFields(ctx, ['name'], 'brands')
    const data = await validate(ctx, updateBrandValidator, 'brands')
    if (data.name !== undefined) await assertNameFree(ctx, data.name, brand.id)
    await assertManagerInOrganization(ctx, data.managerId)
    brand.merge(data)
    await brand.save()
    return ok(ctx, brand.serialize())
  }

  /** Soft delete: campaigns keep pointing at a deleted brand, and may not change (spec §6). */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const brand = await findBrand(ctx)
    await db.transaction(async (trx) => {
      const now = DateTime.now()
      brand.useTransaction(trx)
      brand.deletedAt = now
      await brand.save()
      await Product.query({ client: trx })
        .where({ organization_id: ctx.tenant.organizationId, brand_id: brand.id })
        .whereNull('deleted_at')
        .update({ deleted_at: now.toSQL(), updated_at: now.toSQL() })
    })
    return ok(ctx, { id: brand.id })
  }

  /** Bulk status change; all or nothing, and only on the caller's own brands. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const { ids, status } = await validate(ctx, brandStatusValidator, 'brands')
    return ok(ctx, await setStatusOf(() => liveBrands(ctx), ids, status))
  }
}
