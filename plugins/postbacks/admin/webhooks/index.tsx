import WebhookIcon from '@mui/icons-material/Webhook'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACKS_API } from '../postbacks/model'

export const webhooksResource: AdminResource = {
  name: 'configuration/webhook-configs',
  apiPath: `${POSTBACKS_API}/webhook-configs`,
  list: lazyScreen(() => import('./WebhookScreens').then((module) => module.WebhookList)),
  edit: lazyScreen(() => import('./WebhookScreens').then((module) => module.WebhookEdit)),
  create: lazyScreen(() => import('./WebhookScreens').then((module) => module.WebhookCreate)),
  icon: WebhookIcon,
  recordRepresentation: 'name',
  menuGroup: 'configuration',
  menuOrder: 80,
  description: 'postbacks.home.webhooks',
  subject: 'webhooks',
}
