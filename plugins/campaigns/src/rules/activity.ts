/*
 * The payout plan shares the campaign's "has customers or activity" check
 * (services/activity.ts, the `campaigns.activity` hook).
 */
export { campaignHasActivity, type CampaignActivityCheck } from '../services/activity.js'
