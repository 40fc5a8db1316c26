import AdsClickIcon from '@mui/icons-material/AdsClick'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { CLICKS_API } from './model'

/** Recorded clicks (spec §2 /engagements/click), until the reports' click report takes over. */
export const clicksResource: AdminResource = {
  name: 'engagements/click',
  apiPath: CLICKS_API,
  primaryKey: 'clickId',
  list: lazyScreen(() => import('./ClickList').then((module) => module.ClickList)),
  icon: AdsClickIcon,
  menuGroup: 'engagements',
  menuOrder: 90,
  description: 'tracking.home.clicks',
  subject: 'clicks',
}
