import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACKS_API } from '../postbacks/model'

export const postbackDeadLettersResource: AdminResource = {
  name: 'manage/postback-dead-letters',
  apiPath: `${POSTBACKS_API}/postback-dead-letters`,
  list: lazyScreen(() => import('./DeadLetterScreens').then((module) => module.PostbackDeadLetterList)),
  icon: MarkEmailUnreadIcon,
  menuGroup: 'manage',
  menuOrder: 71.5,
  description: 'postbacks.home.dead_letters',
  subject: 'postbacks',
}

export const webhookDeadLettersResource: AdminResource = {
  name: 'configuration/webhook-dead-letters',
  apiPath: `${POSTBACKS_API}/webhook-dead-letters`,
  list: lazyScreen(() => import('./DeadLetterScreens').then((module) => module.WebhookDeadLetterList)),
  icon: MarkEmailUnreadIcon,
  menuGroup: 'configuration',
  menuOrder: 82,
  description: 'postbacks.home.webhook_dead_letters',
  subject: 'webhooks',
}
