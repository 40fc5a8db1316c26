import StorefrontIcon from '@mui/icons-material/Storefront'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const brandsResource: AdminResource = {
  name: 'manage/brand',
  apiPath: '/api/v1/brands/brands',
  list: lazyScreen(() => import('./BrandList').then((module) => module.BrandList)),
  edit: lazyScreen(() => import('./BrandEdit').then((module) => module.BrandEdit)),
  create: lazyScreen(() => import('./BrandCreate').then((module) => module.BrandCreate)),
  show: lazyScreen(() => import('./BrandShow').then((module) => module.BrandShow)),
  icon: StorefrontIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 10,
  description: 'brands.home.brands',
  subject: 'brands',
}
