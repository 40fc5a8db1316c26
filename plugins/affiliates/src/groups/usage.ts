/*
 * Spec §4 "A group tied to a campaign cannot be updated". Campaigns live in another plugin,
 * so the plugins that tie groups to something register a check here (re-exported from the
 * affiliates contracts); a group is in use when any check says so.
 */
export type GroupUsageCheck = (organizationId: number, groupId: number) => Promise<boolean>

const checks = new Set<GroupUsageCheck>()

/** Registers a check; returns a function that removes it again (tests). */
export function registerGroupUsageCheck(check: GroupUsageCheck): () => void {
  checks.add(check)
  return () => checks.delete(check)
}

export async function groupInUse(organizationId: number, groupId: number): Promise<boolean> {
  for (const check of checks) {
    if (await check(organizationId, groupId)) return true
  }
  return false
}
