/*
 * Admin UI of the customers plugin (package export "./admin"): players, their details
 * (/engagements/customer-details/{customerId}: attribution, clicks, activity by day, fraud
 * mark, reassignment), activity and conversions under Engagements, CSV imports with live
 * progress, and under Configuration the operator postback (URL, secret, inbound log) and
 * the FX rates.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
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
}

export default customersAdmin
