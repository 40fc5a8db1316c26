import PersonSearchIcon from '@mui/icons-material/PersonSearch'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { CUSTOMERS_API } from '../model'

/** Players (spec §2 /engagements/customer); a row opens /engagements/customer-details/{customerId}. */
export const customersResource: AdminResource = {
  name: 'engagements/customer',
  apiPath: CUSTOMERS_API,
  list: lazyScreen(() => import('./CustomerList').then((module) => module.CustomerList)),
  icon: PersonSearchIcon,
  recordRepresentation: 'cuid',
  menuGroup: 'engagements',
  menuOrder: 30,
  description: 'customers.home.customers',
  subject: 'report.customer',
}
