import PeopleIcon from '@mui/icons-material/People'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const affiliatesResource: AdminResource = {
  name: 'manage/affiliate',
  apiPath: '/api/v1/affiliates/affiliates',
  list: lazyScreen(() => import('./AffiliateList').then((module) => module.AffiliateList)),
  edit: lazyScreen(() => import('./AffiliateEdit').then((module) => module.AffiliateEdit)),
  create: lazyScreen(() => import('./AffiliateCreate').then((module) => module.AffiliateCreate)),
  show: lazyScreen(() => import('./AffiliateShow').then((module) => module.AffiliateShow)),
  icon: PeopleIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 40,
  subject: 'affiliates',
}
