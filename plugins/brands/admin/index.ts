/*
 * Admin UI of the brands plugin (package export "./admin"): its react-admin resources
 * and their messages. The admin shell registers it and shows it when the organisation
 * has the `brands` plugin enabled.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { brandsResource } from './brands'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { productsResource } from './products'

const brandsAdmin: AdminPlugin = {
  id: 'brands',
  resources: [brandsResource, productsResource],
  messages: { en, pt, tr },
}

export default brandsAdmin
