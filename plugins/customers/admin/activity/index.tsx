import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { ACTIVITY_API } from '../model'

/** Activity rows (spec §2 /engagements/activity). */
export const activityResource: AdminResource = {
  name: 'engagements/activity',
  apiPath: ACTIVITY_API,
  list: lazyScreen(() => import('./ActivityList').then((module) => module.ActivityList)),
  icon: ReceiptLongIcon,
  menuGroup: 'engagements',
  menuOrder: 40,
  description: 'customers.home.activity',
  subject: 'report.activity',
}
