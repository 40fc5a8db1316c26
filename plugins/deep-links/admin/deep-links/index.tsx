import LinkIcon from '@mui/icons-material/AddLink'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { DEEP_LINKS_API } from './model'

export const deepLinksResource: AdminResource = {
  name: 'manage/deep-links',
  apiPath: DEEP_LINKS_API,
  list: lazyScreen(() => import('./DeepLinkList').then((module) => module.DeepLinkList)),
  edit: lazyScreen(() => import('./DeepLinkEdit').then((module) => module.DeepLinkEdit)),
  create: lazyScreen(() => import('./DeepLinkCreate').then((module) => module.DeepLinkCreate)),
  icon: LinkIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 90,
  description: 'deep_links.home.description',
  subject: 'deep-links',
}
