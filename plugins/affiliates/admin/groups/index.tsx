import GroupsIcon from '@mui/icons-material/Workspaces'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const affiliateGroupsResource: AdminResource = {
  name: 'manage/affiliate-group',
  apiPath: '/api/v1/affiliates/groups',
  list: lazyScreen(() => import('./GroupList').then((module) => module.GroupList)),
  edit: lazyScreen(() => import('./GroupEdit').then((module) => module.GroupEdit)),
  create: lazyScreen(() => import('./GroupCreate').then((module) => module.GroupCreate)),
  show: lazyScreen(() => import('./GroupShow').then((module) => module.GroupShow)),
  icon: GroupsIcon,
  recordRepresentation: 'name',
  menuGroup: 'manage',
  menuOrder: 50,
  // Groups are granted with the affiliates themselves (server subject `affiliates`).
  subject: 'affiliates',
}
