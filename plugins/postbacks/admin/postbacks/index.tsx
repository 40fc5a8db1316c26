import SendIcon from '@mui/icons-material/Send'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACKS_API } from './model'

export const postbacksResource: AdminResource = {
  name: 'manage/postback',
  apiPath: `${POSTBACKS_API}/postback`,
  list: lazyScreen(() => import('./PostbackScreens').then((module) => module.PostbackList)),
  edit: lazyScreen(() => import('./PostbackScreens').then((module) => module.PostbackEdit)),
  create: lazyScreen(() => import('./PostbackScreens').then((module) => module.PostbackCreate)),
  icon: SendIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 70,
  description: 'postbacks.home.description',
  subject: 'postbacks',
}
