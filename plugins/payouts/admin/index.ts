/*
 * Admin UI of the payouts plugin (package export "./admin"): commission rows with filters,
 * bulk approve/deny/hold and each row's explanation (/engagements/payout), payout statements
 * per affiliate and period, carryover balances, the referral report and setting, periods and
 * their close with a preview, and brand formula overrides with a live check. Affiliates see
 * their own rows, explanations and statements (the API's scope).
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { rowsResource } from './rows'
import { payoutMenuItems, payoutRoutes } from './routes'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const payoutsAdmin: AdminPlugin = {
  id: 'payouts',
  resources: [rowsResource],
  messages: { en, pt, tr },
  menuItems: payoutMenuItems,
  routes: payoutRoutes,
  glance: [
    {
      label: 'payouts.glance.pending',
      resource: 'engagements/payout',
      sort: { field: 'id', order: 'DESC' },
      filter: () => ({ status: 'pending' }),
      order: 40,
    },
  ],
}

export default payoutsAdmin
