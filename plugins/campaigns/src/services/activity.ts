/*
 * Spec §4: "Payout plan and commission variable can change only if the campaign has no
 * customers or activity". The plugins that own customers and activity (tracking,
 * conversions) register a check; with none registered a change is allowed.
 */
export type CampaignActivityCheck = (organizationId: number, campaignId: number) => Promise<boolean>

const checks = new Set<CampaignActivityCheck>()

/** Returns a function that removes the check (tests). */
export function registerCampaignActivityCheck(check: CampaignActivityCheck): () => void {
  checks.add(check)
  return () => checks.delete(check)
}

export async function campaignHasActivity(organizationId: number, campaignId: number): Promise<boolean> {
  for (const check of checks) if (await check(organizationId, campaignId)) return true
  return false
}
