/*
 * Admin UI of the tracking plugin (package export "./admin").
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const trackingAdmin: AdminPlugin = {
  id: 'tracking',
  resources: [],
  messages: { en, pt, tr },
}

export default trackingAdmin
