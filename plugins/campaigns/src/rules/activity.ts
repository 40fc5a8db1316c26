/*
 * Spec §4: "Payout plan and commission variable can change only if the campaign has no
 * customers or activity". The plugins owning customers and activity register a check
 * (`registerCampaignActivityCheck`, re-exported by the contracts); none registered → a
 * change is allowed. One registry for the plugin: the commission variable check of the
 * campaign itself (services/activity.ts) and the payout plan's share it.
 */
export { registerCampaignActivityCheck, campaignHasActivity, type CampaignActivityCheck } from '../services/activity.js'
