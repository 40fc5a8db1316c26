import vine from '@vinejs/vine'
import { PHONE_RULE, TEXT_MAX } from '@affix/core/kernel'
import { BRAND_STATUSES } from './models/brand.js'
import { PRODUCT_STATUSES } from './models/product.js'

const brandFields = {
  email: vine.string().trim().email().maxLength(254).optional().nullable(),
  contact: vine.string().trim().regex(PHONE_RULE).optional().nullable(),
  status: vine.enum(BRAND_STATUSES).optional(),
  website: vine
    .string()
    .trim()
    .url({ require_protocol: true, protocols: ['http', 'https'] })
    .maxLength(2048)
    .optional()
    .nullable(),
  managerId: vine.number().withoutDecimals().positive().optional().nullable(),
  companyName: vine.string().trim().maxLength(TEXT_MAX).optional().nullable(),
  companyAddress: vine.string().trim().maxLength(TEXT_MAX).optional().nullable(),
  companyCountry: vine.string().trim().toUpperCase().fixedLength(2).alpha().optional().nullable(),
  companyTaxId: vine.string().trim().maxLength(64).optional().nullable(),
}

export const createBrandValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  ...brandFields,
})

export const updateBrandValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  ...brandFields,
})

export const brandStatusValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(1000).distinct(),
  status: vine.enum(BRAND_STATUSES),
})

export const createProductValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  brandId: vine.number().withoutDecimals().positive(),
  status: vine.enum(PRODUCT_STATUSES).optional(),
})

export const updateProductValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
  brandId: vine.number().withoutDecimals().positive().optional(),
  status: vine.enum(PRODUCT_STATUSES).optional(),
})

export const productStatusValidator = vine.create({
  ids: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(1000).distinct(),
  status: vine.enum(PRODUCT_STATUSES),
})

/** One row of the product CSV (columns: name, brand or brand_id, status). */
export const productRowValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  brand: vine.string().trim().maxLength(TEXT_MAX).optional(),
  brand_id: vine.number().withoutDecimals().positive().optional(),
  status: vine.enum(PRODUCT_STATUSES).optional(),
})

/** Link a brand panel: an existing brand panel of the organisation (`userId`), or invite a person (`email`). */
export const addBrandPanelValidator = vine.create({
  userId: vine.number().withoutDecimals().positive().optional(),
  email: vine.string().trim().email().maxLength(254).optional().requiredIfMissing('userId'),
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX).optional(),
})
