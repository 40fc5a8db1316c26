/*
 * Product CSV import. The file is checked and parsed whole first (wrong type, over
 * 10 MB, malformed or wrong header: rejected, nothing written). Then every row is
 * validated; the valid rows are inserted in one transaction together with the import
 * record, and the invalid ones go to the failed-rows file with the reason per row.
 * A row whose product already exists for its brand fails as a duplicate, so importing
 * the same file twice never duplicates products.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { readCsvUpload, recordImport, restrictionsFor, validate } from '@affix/core/kernel'
import { productRowValidator } from '../validators.js'
import { brandsSettings } from '../settings.js'

export const PRODUCT_CSV_COLUMNS = { required: ['name'], optional: ['brand', 'brand_id', 'status'] }

export async function importProducts(ctx: HttpContext) {
  const csv = await readCsvUpload(ctx, { ...PRODUCT_CSV_COLUMNS, maxRows: 100_000 })
  const organizationId = ctx.tenant.organizationId
  const t = (key: string, data?: Record<string, unknown>) => ctx.i18n.t(`brands.import.${key}`, data)

  const brands = await db
    .from('brands')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .select('id', 'name')
  const brandById = new Map(brands.map((brand) => [Number(brand.id), brand]))
  const brandByName = new Map(brands.map((brand) => [String(brand.name).toLowerCase(), brand]))
  const existing = await db
    .from('products')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .select('brand_id', 'name')
  const taken = new Set(existing.map((row) => `${row.brand_id}:${String(row.name).toLowerCase()}`))
  // A parent's cap on products per brand applies row by row.
  const { maxProductsPerBrand } = restrictionsFor(ctx)
  const perBrand = new Map<number, number>()
  for (const row of existing) perBrand.set(Number(row.brand_id), (perBrand.get(Number(row.brand_id)) ?? 0) + 1)

  const { defaultProductStatus } = await brandsSettings(ctx)
  const failures: Array<{ line: number; values: Record<string, string>; error: string }> = []
  const accepted: Array<{ organization_id: number; brand_id: number; name: string; status: string }> = []
  for (const row of csv.rows) {
    const input = Object.fromEntries(Object.entries(row.values).filter(([, value]) => value !== ''))
    let data
    try {
      data = await validate(ctx, productRowValidator, 'brands', input)
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        failures.push({ ...row, error: error.messages.map((m: { message: string }) => m.message).join('; ') })
        continue
      }
      throw error
    }
    let brand
    if (data.brand_id !== undefined) {
      brand = brandById.get(data.brand_id)
      if (brand && data.brand && String(brand.name).toLowerCase() !== data.brand.toLowerCase()) {
        failures.push({ ...row, error: t('brand_mismatch') })
        continue
      }
    } else if (data.brand) {
      brand = brandByName.get(data.brand.toLowerCase())
    } else {
      failures.push({ ...row, error: t('brand_required') })
      continue
    }
    if (!brand) {
      failures.push({ ...row, error: t('unknown_brand', { brand: data.brand ?? String(data.brand_id) }) })
      continue
    }
    const key = `${brand.id}:${data.name.toLowerCase()}`
    if (taken.has(key)) {
      failures.push({ ...row, error: t('duplicate', { name: data.name, brand: brand.name }) })
      continue
    }
    const brandCount = perBrand.get(Number(brand.id)) ?? 0
    if (maxProductsPerBrand && brandCount >= maxProductsPerBrand) {
      failures.push({ ...row, error: ctx.i18n.t('brands.errors.max_products') })
      continue
    }
    perBrand.set(Number(brand.id), brandCount + 1)
    taken.add(key)
    accepted.push({ organization_id: organizationId, brand_id: Number(brand.id), name: data.name, status: data.status ?? defaultProductStatus })
  }

  const summary = await db.transaction(async (trx) => {
    for (let start = 0; start < accepted.length; start += 1000) {
      await trx.insertQuery().table('products').multiInsert(accepted.slice(start, start + 1000))
    }
    return recordImport({
      organizationId,
      userId: ctx.tenant.userId,
      pluginId: 'brands',
      type: 'products',
      fileName: csv.fileName,
      header: csv.header,
      totalRows: csv.rows.length,
      importedRows: accepted.length,
      failures,
      trx,
    })
  })
  // Fresh planner statistics after a bulk load keep list pages on the index.
  if (accepted.length >= 1000) await db.rawQuery('ANALYZE products')
  return summary
}
