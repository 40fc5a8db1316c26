/*
 * Brand panels (spec §3, §6): the link between a brand and the panels of its people. A panel
 * with role `brand` sees and changes only what belongs to its brand; one linked to none sees
 * nothing. Every brand and product query of this plugin goes through `withinBrandScope`.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

interface Filterable {
  whereIn(column: string, values: unknown): this
}

/** Limits a query of brands (`column` = 'id') or of their rows ('brand_id') to the caller's brand, for a brand panel. */
export function withinBrandScope<Query extends Filterable>(ctx: HttpContext, query: Query, column: string): Query {
  if (ctx.tenant.role !== 'brand') return query
  return query.whereIn(
    column,
    db
      .from('brand_panels')
      .where({ organization_id: ctx.tenant.organizationId, user_id: ctx.tenant.userId })
      .select('brand_id')
  )
}

/** The brands a panel works for (empty for a panel linked to none or of another role). */
export async function brandIdsOfPanel(
  organizationId: number,
  userId: number,
  client?: QueryClientContract
): Promise<number[]> {
  const rows = await (client ?? db)
    .from('brand_panels')
    .where({ organization_id: organizationId, user_id: userId })
    .select('brand_id')
  return rows.map((row) => Number(row.brand_id))
}
