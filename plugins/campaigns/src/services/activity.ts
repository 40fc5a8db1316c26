/*
 * Spec §4: "Payout plan and commission variable can change only if the campaign has no
 * customers or activity". The plugins owning customers and activity contribute a check to
 * the `campaigns.activity` hook in their manifest (`campaignActivity.provide(check)`);
 * with none contributed a change is allowed.
 */
import { defineHook } from '@affix/core/kernel'

export type CampaignActivityCheck = (organizationId: number, campaignId: number) => Promise<boolean>

export const campaignActivity = defineHook<CampaignActivityCheck>('campaigns', 'activity')

export async function campaignHasActivity(organizationId: number, campaignId: number): Promise<boolean> {
  for (const check of campaignActivity.contributions()) if (await check(organizationId, campaignId)) return true
  return false
}
