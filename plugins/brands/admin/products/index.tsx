import Inventory2Icon from '@mui/icons-material/Inventory2'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { ProductCreate } from './ProductCreate'
import { ProductEdit } from './ProductEdit'
import { ProductList } from './ProductList'
import { ProductShow } from './ProductShow'

export const productsResource: AdminResource = {
  name: 'products',
  apiPath: '/api/v1/brands/products',
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  show: ProductShow,
  icon: Inventory2Icon,
  recordRepresentation: 'name',
  options: { label: 'Products' },
  menuGroup: 'Manage',
}
