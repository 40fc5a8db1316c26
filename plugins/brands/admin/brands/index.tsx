import StorefrontIcon from '@mui/icons-material/Storefront'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { BrandCreate } from './BrandCreate'
import { BrandEdit } from './BrandEdit'
import { BrandList } from './BrandList'
import { BrandShow } from './BrandShow'

export const brandsResource: AdminResource = {
  name: 'brands',
  apiPath: '/api/v1/brands/brands',
  list: BrandList,
  edit: BrandEdit,
  create: BrandCreate,
  show: BrandShow,
  icon: StorefrontIcon,
  recordRepresentation: 'name',
  options: { label: 'Brands' },
  menuGroup: 'Manage',
}
