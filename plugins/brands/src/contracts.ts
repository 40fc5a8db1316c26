/*
 * What other plugins may use of `brands` (ARCHITECTURE §2): types and read-only
 * services. Nothing else of this package is public.
 */
import db from '@adonisjs/lucid/services/db'

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

/** The ids among `productIds` that are live products of the brand (campaigns offer them). */
export async function liveProductIdsOfBrand(organizationId: number, brandId: number, productIds: number[]): Promise<Set<number>> {
  if (!productIds.length) return new Set()
  const rows = await db
    .from('products')
    .where({ organization_id: organizationId, brand_id: brandId })
    .whereNull('deleted_at')
    .whereIn('id', productIds)
    .select('id')
  return new Set(rows.map((row) => Number(row.id)))
}
