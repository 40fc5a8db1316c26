import Inventory2Icon from '@mui/icons-material/Inventory2'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const productsResource: AdminResource = {
  name: 'manage/product',
  apiPath: '/api/v1/brands/products',
  list: lazyScreen(() => import('./ProductList').then((module) => module.ProductList)),
  edit: lazyScreen(() => import('./ProductEdit').then((module) => module.ProductEdit)),
  create: lazyScreen(() => import('./ProductCreate').then((module) => module.ProductCreate)),
  show: lazyScreen(() => import('./ProductShow').then((module) => module.ProductShow)),
  icon: Inventory2Icon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 20,
  description: 'brands.home.products',
  subject: 'products',
}
