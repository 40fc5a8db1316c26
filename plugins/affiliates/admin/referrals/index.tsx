import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { REFERRALS_API } from '../affiliates/paths'

/**
 * /manage/referred-affiliates: the network sees who referred whom (its scope), an affiliate
 * the affiliates it referred. Affiliates of organisations with feature dra_aff lack the
 * ability (the server withholds it), so they get neither the entry nor the page.
 */
export const referralsResource: AdminResource = {
  name: 'manage/referred-affiliates',
  apiPath: REFERRALS_API,
  list: lazyScreen(() => import('./ReferralList').then((module) => module.ReferralList)),
  icon: PeopleOutlineIcon,
  menuGroup: 'manage',
  menuOrder: 55,
  description: 'affiliates.home.referred',
  subject: 'affiliates.referred',
}
