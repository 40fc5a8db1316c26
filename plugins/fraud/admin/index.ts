/*
 * Admin UI of the fraud plugin (package export "./admin").
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const fraudAdmin: AdminPlugin = {
  id: 'fraud',
  resources: [],
  messages: { en, pt, tr },
}

export default fraudAdmin
