import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  authorize,
  findPanel,
  ok,
  refusePasswordFields,
  resourceController,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { BRAND_LIST } from '../lists.js'
import { liveBrands } from '../queries.js'
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

export default class BrandsController extends resourceController({
  pluginId: 'brands',
  model: Brand,
  list: BRAND_LIST,
  query: liveBrands,
  // A brand stores no login password: its people get panels of their own and choose theirs.
  beforeValidate: (ctx) => refusePasswordFields(ctx, 'panels.brand_password'),
  /** GET /brands/export: the list as CSV, without paging. */
  export: {
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
  },
  create: {
    validator: createBrandValidator,
    async save(ctx, data) {
      await assertNameFree(ctx, data.name)
      await assertManagerInOrganization(ctx, data.managerId)
      return Brand.create({ ...data, status: data.status ?? 'active', organizationId: ctx.tenant.organizationId })
    },
  },
  update: {
    validator: updateBrandValidator,
    required: ['name'],
    async save(ctx, brand, data) {
      if (data.name !== undefined) await assertNameFree(ctx, data.name, brand.id)
      await assertManagerInOrganization(ctx, data.managerId)
      brand.merge(data)
      await brand.save()
    },
  },
  /** Soft delete: campaigns keep pointing at a deleted brand, and may not change (spec §6). */
  async destroy(ctx, brand) {
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
  },
}) {
  /** Bulk status change; all or nothing, and only on the caller's own brands. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'brands', 'manage')
    const { ids, status } = await validate(ctx, brandStatusValidator, 'brands')
    return ok(ctx, await setStatusOf(() => liveBrands(ctx), ids, status))
  }
}
