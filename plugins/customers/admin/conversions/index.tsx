import TrendingUpIcon from '@mui/icons-material/TrendingUp'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { CONVERSIONS_API } from '../model'

/** Conversion events (spec §2 /engagements/conversion). */
export const conversionsResource: AdminResource = {
  name: 'engagements/conversion',
  apiPath: CONVERSIONS_API,
  list: lazyScreen(() => import('./ConversionList').then((module) => module.ConversionList)),
  icon: TrendingUpIcon,
  menuGroup: 'engagements',
  menuOrder: 95,
  description: 'customers.home.conversions',
  subject: 'report.conversion',
}
