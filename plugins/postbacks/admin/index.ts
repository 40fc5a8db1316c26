/*
 * Admin UI of the postbacks plugin (package export "./admin"): postbacks with the live URL
 * check and the test tool, their log (with resend), dead letters and rules under Manage;
 * webhooks, their log and dead letters under Configuration.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { postbacksResource } from './postbacks'
import { postbackLogResource, webhookLogResource } from './logs'
import { rulesResource } from './pbrules'
import { webhooksResource } from './webhooks'
import { postbackDeadLettersResource, webhookDeadLettersResource } from './deadletters'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const postbacksAdmin: AdminPlugin = {
  id: 'postbacks',
  resources: [
    postbacksResource,
    postbackLogResource,
    postbackDeadLettersResource,
    rulesResource,
    webhooksResource,
    webhookLogResource,
    webhookDeadLettersResource,
  ],
  messages: { en, pt, tr },
}

export default postbacksAdmin
