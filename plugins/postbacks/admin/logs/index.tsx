import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACKS_API } from '../postbacks/model'

export const postbackLogResource: AdminResource = {
  name: 'manage/postback-log',
  apiPath: `${POSTBACKS_API}/postback-log`,
  list: lazyScreen(() => import('./LogScreens').then((module) => module.PostbackLogList)),
  icon: ReceiptLongIcon,
  menuGroup: 'manage',
  menuOrder: 71,
  description: 'postbacks.home.log',
  subject: 'postbacks',
}

export const webhookLogResource: AdminResource = {
  name: 'configuration/webhook-logs',
  apiPath: `${POSTBACKS_API}/webhook_logs`,
  list: lazyScreen(() => import('./LogScreens').then((module) => module.WebhookLogList)),
  icon: ReceiptLongIcon,
  menuGroup: 'configuration',
  menuOrder: 81,
  description: 'postbacks.home.webhook_log',
  subject: 'webhooks',
}
