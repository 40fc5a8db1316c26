/*
 * Admin UI of the affiliates plugin (package export "./admin"): affiliates (list, 4-step
 * add/edit wizard, detail tabs, bulk actions, CSV import with live progress), affiliate
 * groups, and the affiliate's own referred affiliates and payment info tab.
 */
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined'
import { providePaymentInfoPanel, type AdminPlugin } from '@affix/admin-ui/plugin-api'
import { affiliatesResource } from './affiliates'
import { affiliateGroupsResource } from './groups'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { specRoutes } from './spec_routes'

// Account → Payment info (the shell shows the tab only while this plugin is enabled).
providePaymentInfoPanel(lazyScreen(() => import('./me/PaymentInfoPanel').then((module) => module.PaymentInfoPanel)))

const affiliatesAdmin: AdminPlugin = {
  id: 'affiliates',
  resources: [affiliatesResource, affiliateGroupsResource],
  messages: { en, pt, tr },
  routes: specRoutes,
  menuItems: [
    {
      path: '/manage/referred-affiliates',
      label: 'affiliates.menu.referred',
      icon: PeopleOutlineIcon,
      group: 'manage',
      // The server withholds this ability from affiliates of organisations with feature dra_aff (spec §6).
      subject: 'affiliates.referred',
      visible: (account) => account.user.role === 'affiliate',
    },
  ],
  routeMeta: [
    { path: '/manage/affiliate', title: 'resources.affiliates.name', subject: 'affiliates' },
    { path: '/manage/affiliate/:id', title: 'resources.affiliates.name', subject: 'affiliates' },
    { path: '/manage/affiliate/import', title: 'affiliates.import.title', subject: 'affiliates' },
  ],
}

export default affiliatesAdmin
