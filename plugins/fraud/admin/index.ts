/*
 * Admin UI of the fraud plugin (package export "./admin"): anti-fraud rules under Configuration.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { fraudRulesResource } from './fraud-rules'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const fraudAdmin: AdminPlugin = {
  id: 'fraud',
  resources: [fraudRulesResource],
  messages: { en, pt, tr },
}

export default fraudAdmin
