import CampaignIcon from '@mui/icons-material/Campaign'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { CAMPAIGNS_API } from './model'

export const campaignsResource: AdminResource = {
  name: 'manage/campaign',
  apiPath: CAMPAIGNS_API,
  list: lazyScreen(() => import('./CampaignList').then((module) => module.CampaignList)),
  edit: lazyScreen(() => import('./CampaignEdit').then((module) => module.CampaignEdit)),
  create: lazyScreen(() => import('./CampaignCreate').then((module) => module.CampaignCreate)),
  show: lazyScreen(() => import('./CampaignShow').then((module) => module.CampaignShow)),
  icon: CampaignIcon,
  recordRepresentation: 'title',
  menuGroup: 'manage',
  menuOrder: 30,
  description: 'campaigns.home.description',
  subject: 'campaigns',
}
