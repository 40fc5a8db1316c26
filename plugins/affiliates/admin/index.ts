/*
 * Admin UI of the affiliates plugin (package export "./admin"): affiliates (list, 4-step
 * add/edit wizard, detail tabs, bulk actions, CSV import with live progress), affiliate
 * groups, who referred whom (the network's view, and an affiliate's own), and the
 * affiliate's payment info tab.
 */
import { providePaymentInfoPanel, type AdminPlugin } from '@affix/admin-ui/plugin-api'
import { affiliatesResource } from './affiliates'
import { affiliateGroupsResource } from './groups'
import { referralsResource } from './referrals'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { specRoutes } from './spec_routes'

// Account → Payment info (the shell shows the tab only while this plugin is enabled).
providePaymentInfoPanel(lazyScreen(() => import('./me/PaymentInfoPanel').then((module) => module.PaymentInfoPanel)))

const affiliatesAdmin: AdminPlugin = {
  id: 'affiliates',
  resources: [affiliatesResource, affiliateGroupsResource, referralsResource],
  messages: { en, pt, tr },
  routes: specRoutes,
  routeMeta: [{ path: '/manage/affiliate/import', title: 'affiliates.import.title', subject: 'affiliates' }],
}

export default affiliatesAdmin
