/*
 * Admin UI of the customers plugin (package export "./admin"): players, their details
 * (/engagements/customer-details/{customerId}: attribution, clicks, activity by day, fraud
 * mark, reassignment), activity and conversions under Engagements, CSV imports with live
 * progress, and under Configuration the operator postback (URL, secret, inbound log) and
 * the FX rates.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { daysBefore } from '@affix/admin-ui/plugin-api'
import { activityResource } from './activity'
import { conversionsResource } from './conversions'
import { customersResource } from './customers'
import { fxRatesResource } from './fx-rates'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { operatorPostbackResource } from './postback'
import { specRouteMeta, specRoutes } from './spec_routes'

const customersAdmin: AdminPlugin = {
  id: 'customers',
  resources: [customersResource, activityResource, conversionsResource, operatorPostbackResource, fxRatesResource],
  messages: { en, pt, tr },
  routes: specRoutes,
  routeMeta: specRouteMeta,
  glance: [
    {
      label: 'customers.glance.new',
      resource: 'engagements/customer',
      sort: { field: 'registeredAt', order: 'DESC' },
      filter: (now) => ({ from: daysBefore(now, 30).date }),
      order: 20,
    },
    {
      label: 'customers.glance.ftds',
      resource: 'engagements/activity',
      sort: { field: 'date', order: 'DESC' },
      filter: (now) => ({ ftd: 'true', from: daysBefore(now, 30).date }),
      order: 30,
    },
  ],
}

export default customersAdmin
