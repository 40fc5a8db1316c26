import PermMediaIcon from '@mui/icons-material/PermMedia'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { MEDIA_API } from './model'

export const mediaResource: AdminResource = {
  name: 'manage/media',
  apiPath: MEDIA_API,
  list: lazyScreen(() => import('./MediaList').then((module) => module.MediaList)),
  edit: lazyScreen(() => import('./MediaEdit').then((module) => module.MediaEdit)),
  create: lazyScreen(() => import('./MediaCreate').then((module) => module.MediaCreate)),
  show: lazyScreen(() => import('./MediaShow').then((module) => module.MediaShow)),
  icon: PermMediaIcon,
  recordRepresentation: 'title',
  menuGroup: 'manage',
  menuOrder: 70,
  description: 'media.home.description',
  subject: 'media',
}
