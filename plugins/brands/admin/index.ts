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
import { specRoutes } from './spec_routes'

const brandsAdmin: AdminPlugin = {
  id: 'brands',
  resources: [brandsResource, productsResource],
  messages: { en, pt, tr },
  routes: specRoutes,
  routeMeta: [
    { path: '/manage/brand', title: 'resources.brands.name', subject: 'brands' },
    { path: '/manage/brand/:id', title: 'resources.brands.name', subject: 'brands' },
    { path: '/manage/product', title: 'resources.products.name', subject: 'products' },
  ],
}

export default brandsAdmin
