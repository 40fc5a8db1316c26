/*
 * Lookups across plugins without reaching into each other: a plugin that owns an entity
 * (campaigns, affiliates…) registers how to tell which ids exist in an organisation, and
 * any plugin may ask. When no installed plugin provides the entity, no id exists (a
 * reference to it is refused as unknown), so data never points at nothing.
 */
/**
 * Narrows a lookup to what one party may use: with `forAffiliate`, only the ids that
 * affiliate may work with (for campaigns: not blocked, public or access approved). A
 * provider that has no such notion ignores it.
 */
export interface LookupContext {
  forAffiliate?: number
}

export type LookupProvider = (organizationId: number, ids: number[], context: LookupContext) => Promise<Iterable<number>>

const providers = new Map<string, LookupProvider>()

/** Called once by the owning plugin (e.g. from its contracts module) at load time. */
export function registerLookup(entity: string, provider: LookupProvider) {
  providers.set(entity, provider)
}

export function hasLookup(entity: string) {
  return providers.has(entity)
}

/** The ids among `ids` that exist (live, not deleted) in the organisation. */
export async function existingIds(
  organizationId: number,
  entity: string,
  ids: number[],
  context: LookupContext = {}
): Promise<Set<number>> {
  const provider = providers.get(entity)
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
