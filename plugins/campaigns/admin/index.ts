/*
 * Admin UI of the campaigns plugin (package export "./admin"): campaigns (list with
 * featured filter and bulk status, 3-step add/edit wizard with the payout plan, detail tabs:
 * payouts, billing, links, affiliate access, groups, blocked affiliates, notes, caps, deep
 * links, timeline) and the affiliate's read-only view with its links and access requests.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { campaignsResource } from './campaigns'
import { CAMPAIGNS_API, CAPS_RESOURCE, RULE_BLOCKS_RESOURCE } from './campaigns/model'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const campaignsAdmin: AdminPlugin = {
  id: 'campaigns',
  resources: [campaignsResource],
  // A campaign's caps and rule blocks, listed and edited in its tabs.
  collections: [
    { name: CAPS_RESOURCE, apiPath: `${CAMPAIGNS_API}/:campaignId/caps`, subject: 'campaigns' },
    { name: RULE_BLOCKS_RESOURCE, apiPath: `${CAMPAIGNS_API}/:campaignId/rule-blocks`, subject: 'campaigns' },
  ],
  messages: { en, pt, tr },
}

export default campaignsAdmin
