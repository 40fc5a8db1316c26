/* Spec §4 "A group tied to a campaign cannot be updated": asks every `groupUsage` contribution. */
import { groupUsage } from '../contracts.js'

export async function groupInUse(organizationId: number, groupId: number): Promise<boolean> {
  for (const check of groupUsage.contributions()) {
    if (await check(organizationId, groupId)) return true
  }
  return false
}
