/*
 * The brands and products a request may see: the caller's organisation's, not deleted, and for
 * a brand panel only its brand's (brand_panels.ts). Controllers read and change rows only
 * through these, so the brand limit cannot be forgotten on one route.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { notFound, scoped } from '@affix/core/kernel'
import Brand from './models/brand.js'
import Product from './models/product.js'
import { withinBrandScope } from './brand_panels.js'

export const liveBrands = (ctx: HttpContext) => withinBrandScope(ctx, scoped(ctx, Brand).whereNull('deleted_at'), 'id')

export const liveProducts = (ctx: HttpContext) =>
  withinBrandScope(ctx, scoped(ctx, Product).whereNull('deleted_at'), 'brand_id')

const recordId = (value: unknown) => {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/** A brand the caller may see, by id; a deleted brand is gone for the API (404, like one that never existed). */
export async function findBrand(ctx: HttpContext, id: unknown = ctx.params.id) {
  const brand = await liveBrands(ctx).where('id', recordId(id)).first()
  if (!brand) throw notFound()
  return brand
}
