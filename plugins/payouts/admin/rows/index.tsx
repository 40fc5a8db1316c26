import PaymentsIcon from '@mui/icons-material/PaymentsOutlined'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, ROWS_RESOURCE } from '../model'

/** Commission rows (spec §2 /engagements/payout): the list with filters and bulk actions, and a row's explanation. */
export const rowsResource: AdminResource = {
  name: ROWS_RESOURCE,
  apiPath: `${PAYOUTS_API}/rows`,
  list: lazyScreen(() => import('./RowList').then((module) => module.RowList)),
  show: lazyScreen(() => import('./RowShow').then((module) => module.RowShow)),
  icon: PaymentsIcon,
  menuGroup: 'engagements',
  menuOrder: 70,
  description: 'payouts.home.rows',
  subject: 'payouts',
}
