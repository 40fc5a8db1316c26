/*
 * Product CSV import, an import type (defineImportType) run in the request (importNow): the
 * file is checked whole first (wrong type, over 10 MB, malformed or wrong header: rejected,
 * nothing written). Then every row is validated; the valid rows are inserted in one
 * transaction together with the import record, and the invalid ones go to the failed-rows
 * file with the reason per row. A row whose product already exists for its brand fails as a
 * duplicate, so importing the same file twice never duplicates products.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { defineImportType, importNow, restrictionsFor, settingsOf, type ImportFailure } from '@affix/core/kernel'
import { productRowValidator } from '../validators.js'
import { BRANDS_SETTINGS_DEFAULTS } from '../settings.js'

export const PRODUCT_CSV_COLUMNS = { required: ['name'], optional: ['brand', 'brand_id', 'status'] }

interface BrandRow {
  id: number
  name: string
}

interface ProductImportState {
  brandById: Map<number, BrandRow>
  brandByName: Map<string, BrandRow>
  /** `<brand id>:<lower-case name>` of every live product, this file's included. */
  taken: Set<string>
  /** Live products per brand, this file's included (the parent's cap applies row by row). */
  perBrand: Map<number, number>
  defaultProductStatus: string
  maxProductsPerBrand: number | null
}

export const productImport = defineImportType<ProductImportState>({
  pluginId: 'brands',
  type: 'products',
  columns: PRODUCT_CSV_COLUMNS,
  maxRows: 100_000,
  chunkSize: 1000,
  async prepare(job) {
    const [brands, existing, settings] = await Promise.all([
      job.trx.from('brands').where('organization_id', job.organizationId).whereNull('deleted_at').select('id', 'name'),
      job.trx
        .from('products')
        .where('organization_id', job.organizationId)
        .whereNull('deleted_at')
        .select('brand_id', 'name'),
      settingsOf(job.organizationId, 'brands'),
    ])
    const perBrand = new Map<number, number>()
    for (const row of existing) perBrand.set(Number(row.brand_id), (perBrand.get(Number(row.brand_id)) ?? 0) + 1)
    const maxProductsPerBrand = Number(job.options.maxProductsPerBrand)
    return {
      brandById: new Map(brands.map((brand) => [Number(brand.id), brand])),
      brandByName: new Map(brands.map((brand) => [String(brand.name).toLowerCase(), brand])),
      taken: new Set(existing.map((row) => `${row.brand_id}:${String(row.name).toLowerCase()}`)),
      perBrand,
      defaultProductStatus: String(settings.defaultProductStatus ?? BRANDS_SETTINGS_DEFAULTS.defaultProductStatus),
      maxProductsPerBrand: maxProductsPerBrand > 0 ? maxProductsPerBrand : null,
    }
  },
  async processChunk(rows, job, state) {
    const t = (key: string, data?: Record<string, unknown>) => job.t(`brands.import.${key}`, data)
    const failures: ImportFailure[] = []
    const accepted: Array<{ organization_id: number; brand_id: number; name: string; status: string }> = []
    for (const row of rows) {
      const input = Object.fromEntries(Object.entries(row.values).filter(([, value]) => value !== ''))
      const checked = await job.check(productRowValidator, input, 'brands')
      if (!checked.ok) {
        failures.push({ ...row, error: checked.error })
        continue
      }
      const data = checked.data
      let brand
      if (data.brand_id !== undefined) {
        brand = state.brandById.get(data.brand_id)
        if (brand && data.brand && String(brand.name).toLowerCase() !== data.brand.toLowerCase()) {
          failures.push({ ...row, error: t('brand_mismatch') })
          continue
        }
      } else if (data.brand) {
        brand = state.brandByName.get(data.brand.toLowerCase())
      } else {
        failures.push({ ...row, error: t('brand_required') })
        continue
      }
      if (!brand) {
        failures.push({ ...row, error: t('unknown_brand', { brand: data.brand ?? String(data.brand_id) }) })
        continue
      }
      const key = `${brand.id}:${data.name.toLowerCase()}`
      if (state.taken.has(key)) {
        failures.push({ ...row, error: t('duplicate', { name: data.name, brand: brand.name }) })
        continue
      }
      const brandCount = state.perBrand.get(Number(brand.id)) ?? 0
      if (state.maxProductsPerBrand && brandCount >= state.maxProductsPerBrand) {
        failures.push({ ...row, error: job.t('brands.errors.max_products') })
        continue
      }
      state.perBrand.set(Number(brand.id), brandCount + 1)
      state.taken.add(key)
      accepted.push({
        organization_id: job.organizationId,
        brand_id: Number(brand.id),
        name: data.name,
        status: data.status ?? state.defaultProductStatus,
      })
    }
    // tenancy: each accepted row carries the import's organisation (built above)
    if (accepted.length) await job.trx.insertQuery().table('products').multiInsert(accepted)
    return { imported: accepted.length, failures }
  },
})

/** Runs the product import in the request, under the parent's cap on products per brand. */
export async function importProducts(ctx: HttpContext) {
  const { maxProductsPerBrand } = restrictionsFor(ctx)
  const summary = await importNow(ctx, productImport, { options: { maxProductsPerBrand: maxProductsPerBrand ?? null } })
  // Fresh planner statistics after a bulk load keep list pages on the index.
  if (summary.importedRows >= 1000) await db.rawQuery('ANALYZE products')
  return summary
}
