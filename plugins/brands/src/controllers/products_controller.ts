import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import {
  authorize,
  created,
  ok,
  resourceController,
  restricted,
  restrictionsFor,
  scoped,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { PRODUCT_LIST } from '../lists.js'
import { liveProducts } from '../queries.js'
import { withinBrandScope } from '../brand_panels.js'
import { setStatusOf } from '../services/bulk_status.js'
import Brand from '../models/brand.js'
import Product from '../models/product.js'
import { createProductValidator, productStatusValidator, updateProductValidator } from '../validators.js'
import { importProducts } from '../services/product_import.js'
import { brandsSettings } from '../settings.js'

/** The brand must be the caller's own (for a brand panel: its brand) and not deleted. */
async function assertBrand(ctx: HttpContext, brandId: number) {
  const brand = await withinBrandScope(ctx, scoped(ctx, Brand), 'id').where('id', brandId).first()
  if (!brand) throw unprocessable('brands.errors.unknown_brand', { fields: [{ field: 'brandId', rule: 'exists' }] })
  if (brand.deletedAt)
    throw unprocessable('brands.errors.deleted_brand', { fields: [{ field: 'brandId', rule: 'deleted' }] })
}

/** Spec §6: a parent may forbid product changes in a child organisation. */
function assertProductChangesAllowed(ctx: HttpContext) {
  if (restrictionsFor(ctx).disableProductChanges) throw restricted('brands.errors.product_changes_disabled')
}

/** Spec §6: a parent may cap the number of products per brand. */
async function assertRoomInBrand(ctx: HttpContext, brandId: number) {
  const { maxProductsPerBrand } = restrictionsFor(ctx)
  if (!maxProductsPerBrand) return
  const [{ total }] = await liveProducts(ctx).where('brand_id', brandId).count('* as total').pojo<{ total: string }>()
  if (Number(total) >= maxProductsPerBrand) {
    throw unprocessable('brands.errors.max_products', { fields: [{ field: 'brandId', rule: 'max' }] })
  }
}

async function assertNameFree(ctx: HttpContext, brandId: number, name: string, exceptId?: number) {
  const clash = await liveProducts(ctx)
    .where('brand_id', brandId)
    .whereRaw('lower(name) = lower(?)', [name])
    .if(exceptId, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash) throw unprocessable('brands.errors.product_name_taken', { fields: [{ field: 'name', rule: 'unique' }] })
}

export default class ProductsController extends resourceController({
  pluginId: 'brands',
  subject: 'products',
  model: Product,
  list: PRODUCT_LIST,
  query: liveProducts,
  guardChanges: assertProductChangesAllowed,
  /** GET /products/export: the list as CSV, without paging. */
  export: {
    columns: [
      { header: 'id', value: (product) => product.id },
      { header: 'name', value: (product) => product.name },
      { header: 'brand_id', value: (product) => product.brandId },
      { header: 'status', value: (product) => product.status },
      { header: 'created_at', value: (product) => product.createdAt },
    ],
  },
  create: {
    validator: createProductValidator,
    async save(ctx, data) {
      await assertBrand(ctx, data.brandId)
      await assertRoomInBrand(ctx, data.brandId)
      await assertNameFree(ctx, data.brandId, data.name)
      const { defaultProductStatus } = await brandsSettings(ctx)
      return Product.create({
        ...data,
        status: data.status ?? defaultProductStatus,
        organizationId: ctx.tenant.organizationId,
      })
    },
  },
  update: {
    validator: updateProductValidator,
    required: ['name', 'brandId'],
    async save(ctx, product, data) {
      const brandId = data.brandId ?? product.brandId
      // A product of a deleted brand cannot change either.
      await assertBrand(ctx, product.brandId)
      if (data.brandId !== undefined && data.brandId !== product.brandId) {
        await assertBrand(ctx, data.brandId)
        await assertRoomInBrand(ctx, data.brandId)
      }
      if (data.name !== undefined || data.brandId !== undefined) {
        await assertNameFree(ctx, brandId, data.name ?? product.name, product.id)
      }
      product.merge(data)
      await product.save()
    },
  },
  async destroy(_ctx, product) {
    product.deletedAt = DateTime.now()
    await product.save()
  },
}) {
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'products', 'manage')
    assertProductChangesAllowed(ctx)
    const { ids, status } = await validate(ctx, productStatusValidator, 'brands')
    return ok(ctx, await setStatusOf(() => liveProducts(ctx), ids, status))
  }

  /** CSV import: multipart field `file`. Good rows are written in one transaction. */
  async import(ctx: HttpContext) {
    authorize(ctx, 'products', 'import')
    assertProductChangesAllowed(ctx)
    return created(ctx, await importProducts(ctx))
  }
}
