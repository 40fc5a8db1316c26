/*
 * What other plugins may use of `brands` (ARCHITECTURE §2): types and read-only
 * services. Nothing else of this package is public.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LookupProvider } from '@affix/core/kernel'

export interface BrandRef {
  id: number
  name: string
  status: 'active' | 'inactive'
  deleted: boolean
}

/** Looks a brand up inside one organisation (campaigns need it: a deleted brand locks them). */
export async function findBrandRef(organizationId: number, brandId: number): Promise<BrandRef | null> {
  const row = await db
    .from('brands')
    .where({ organization_id: organizationId, id: brandId })
    .select('id', 'name', 'status', 'deleted_at')
    .first()
  return row ? { id: row.id, name: row.name, status: row.status, deleted: row.deleted_at !== null } : null
}

/**
 * The names of brands of one organisation, deleted ones included (a campaign keeps showing
 * its brand): what a campaign shows to readers who may not read the brands themselves.
 */
export async function brandNames(organizationId: number, brandIds: number[]): Promise<Map<number, string>> {
  if (!brandIds.length) return new Map()
  const rows = await db
    .from('brands')
    .where('organization_id', organizationId)
    .whereIn('id', [...new Set(brandIds)])
    .select('id', 'name')
  return new Map(rows.map((row) => [Number(row.id), row.name as string]))
}

/** The ids among `productIds` that are live products of the brand (campaigns offer them). */
export async function liveProductIdsOfBrand(
  organizationId: number,
  brandId: number,
  productIds: number[]
): Promise<Set<number>> {
  if (!productIds.length) return new Set()
  const rows = await db
    .from('products')
    .where({ organization_id: organizationId, brand_id: brandId })
    .whereNull('deleted_at')
    .whereIn('id', productIds)
    .select('id')
  return new Set(rows.map((row) => Number(row.id)))
}

/** The `brands` lookup (manifest `lookups`): live (not deleted) brands of the organisation among `ids`. */
export const liveBrandIds: LookupProvider = async (organizationId, ids) => {
  const rows = await db
    .from('brands')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', ids)
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** The organisation's live brands, oldest first (other plugins' demo data hangs off them). */
export async function liveBrandsOf(
  organizationId: number,
  client?: QueryClientContract
): Promise<Array<{ id: number; name: string; website: string | null }>> {
  const rows = await (client ?? db)
    .from('brands')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'name', 'website')
  return rows.map((row) => ({ id: Number(row.id), name: row.name, website: row.website ?? null }))
}

/** A query client: the global `db`, or a transaction whose writes are not committed yet (demo seeds). */
type Reader = Pick<TransactionClientContract, 'from'>

export interface BrandSummary {
  id: number
  name: string
  website: string | null
  status: 'active' | 'inactive'
  /** Its live products, by id. */
  productIds: number[]
}

/** The organisation's live brands with their live products, by id (other plugins' demo seeds pass their `trx`). */
export async function listBrands(organizationId: number, client: Reader = db): Promise<BrandSummary[]> {
  const brands = await client
    .from('brands')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'name', 'website', 'status')
  const products = await client
    .from('products')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'brand_id')
  return brands.map((brand) => ({
    id: Number(brand.id),
    name: brand.name,
    website: brand.website ?? null,
    status: brand.status,
    productIds: products
      .filter((product) => Number(product.brand_id) === Number(brand.id))
      .map((product) => Number(product.id)),
  }))
}
export { brandIdsOfPanel } from './brand_panels.js'
