/*
 * The `campaigns` plugin: campaigns of the organisation's brands. Payout plans, caps,
 * targeting rule blocks, access requests and tracking links are the rest of issue 6.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { groupUsage } from '@affix/affiliates/contracts'
import { campaignsRoutes } from './routes.js'
import { liveCampaignIds } from './contracts.js'
import { campaignActivity } from './services/activity.js'
import { payoutChanged } from './services/payout_events.js'
import { campaignGroupInUse } from './services/groups.js'
import { seedCampaigns } from './seed.js'
import { expireCampaigns } from './services/expiry.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'campaigns',
  name: 'Campaigns',
  description: 'Campaigns, payout plans, caps, targeting rule blocks, access requests and tracking links',
  dependsOn: ['brands', 'affiliates', 'deep-links', 'domains'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: campaignsRoutes,
  lookups: { campaigns: liveCampaignIds },
  extensionPoints: [campaignActivity, payoutChanged],
  hooks: [groupUsage.provide(campaignGroupInUse)],
  jobs: {
    expire: async () => {
      await expireCampaigns()
    },
  },
  cron: [{ job: 'expire', schedule: '* * * * *' }],
  // Spec §6: admins and sub-admins manage; AFMs and ADMs manage within their team scope
  // (scope.campaigns, null = all); parents read; affiliates read their own view, create their
  // links and ask for access. Brands are not tied to brand records yet: they get none.
  permissions: [
    {
      subject: 'campaigns',
      actions: ['read', 'manage'],
      description: 'Campaigns',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read', 'manage'],
        adm: ['read', 'manage'],
        parent: ['read'],
        affiliate: ['read'],
      },
    },
    {
      subject: 'campaigns.links',
      actions: ['manage'],
      description: 'Tracking links of campaigns (an affiliate: its own)',
      grants: { admin: ['manage'], 'sub-admin': ['manage'], afm: ['manage'], adm: ['manage'], affiliate: ['manage'] },
    },
    {
      subject: 'campaigns.access',
      actions: ['manage'],
      description: 'Ask for access to private campaigns (affiliates)',
      grants: { affiliate: ['manage'] },
    },
  ],
  seed: seedCampaigns,
})
