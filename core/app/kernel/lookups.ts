/*
 * Lookups across plugins without reaching into each other: a plugin that owns an entity
 * (campaigns, affiliates…) says in its manifest (`lookups`) how to tell which ids exist in
 * an organisation, and any plugin may ask. When no installed plugin provides the entity,
 * no id exists (a reference to it is refused as unknown), so data never points at nothing.
 */
import { installedPlugins } from './installed_plugins.js'

/**
 * Narrows a lookup to what one party may use: with `forAffiliate`, only the ids that
 * affiliate may work with (for campaigns: not blocked, public or access approved). A
 * provider that has no such notion ignores it.
 */
export interface LookupContext {
  forAffiliate?: number
  /** Only the ids a public signup may name (for campaigns: live, active and public). */
  openToSignup?: boolean
  /**
   * The caller's transaction, so rows written earlier in it are seen (e.g. demo data seeded
   * in one transaction). A provider that ignores it reads committed data only.
   */
  client?: import('@adonisjs/lucid/types/database').QueryClientContract
}

export type LookupProvider = (
  organizationId: number,
  ids: number[],
  context: LookupContext
) => Promise<Iterable<number>>

export function hasLookup(entity: string) {
  return installedPlugins().lookup(entity) !== undefined
}

/** The ids among `ids` that exist (live, not deleted) in the organisation. */
export async function existingIds(
  organizationId: number,
  entity: string,
  ids: number[],
  context: LookupContext = {}
): Promise<Set<number>> {
  const provider = installedPlugins().lookup(entity)
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!provider || unique.length === 0) return new Set()
  return new Set(await provider(organizationId, unique, context))
}

/** The ids among `ids` that do not exist; empty when all do. */
export async function missingIds(
  organizationId: number,
  entity: string,
  ids: number[],
  context: LookupContext = {}
): Promise<number[]> {
  const found = await existingIds(organizationId, entity, ids, context)
  return [...new Set(ids)].filter((id) => !found.has(id))
}
