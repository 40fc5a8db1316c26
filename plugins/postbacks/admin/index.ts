/*
 * Admin UI of the postbacks plugin (package export "./admin"): postbacks with the live URL
 * check and the test tool, their log and rules under Manage; webhooks and their log under
 * Configuration.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { postbacksResource } from './postbacks'
import { postbackLogResource, webhookLogResource } from './logs'
import { rulesResource } from './pbrules'
import { webhooksResource } from './webhooks'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const postbacksAdmin: AdminPlugin = {
  id: 'postbacks',
  resources: [postbacksResource, postbackLogResource, rulesResource, webhooksResource, webhookLogResource],
  messages: { en, pt, tr },
}

export default postbacksAdmin
