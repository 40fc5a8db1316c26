/*
 * The brands plugin's per-organisation settings (manifest `settings`): the admin UI builds
 * their form from the validator's JSON Schema.
 */
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { pluginSettings } from '@affix/core/kernel'
import { PRODUCT_STATUSES, type ProductStatus } from './models/product.js'

export const brandsSettingsValidator = vine.create({
  /** Status of a product created or imported without one. */
  defaultProductStatus: vine.enum(PRODUCT_STATUSES),
})

export const BRANDS_SETTINGS_DEFAULTS = { defaultProductStatus: 'active' as ProductStatus }

export async function brandsSettings(ctx: HttpContext) {
  return (await pluginSettings(ctx, 'brands')) as typeof BRANDS_SETTINGS_DEFAULTS
}
