import RuleIcon from '@mui/icons-material/Rule'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACKS_API } from '../postbacks/model'

export const rulesResource: AdminResource = {
  name: 'manage/pbrules',
  apiPath: `${POSTBACKS_API}/pbrules`,
  list: lazyScreen(() => import('./RuleScreens').then((module) => module.RuleList)),
  edit: lazyScreen(() => import('./RuleScreens').then((module) => module.RuleEdit)),
  create: lazyScreen(() => import('./RuleScreens').then((module) => module.RuleCreate)),
  icon: RuleIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 72,
  description: 'postbacks.home.rules',
  subject: 'postbacks.rules',
}
