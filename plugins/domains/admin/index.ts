/*
 * Admin UI of the domains plugin (package export "./admin"): tracking and white-label domains under Configuration.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { domainsResource } from './domains'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const domainsAdmin: AdminPlugin = {
  id: 'domains',
  resources: [domainsResource],
  messages: { en, pt, tr },
}

export default domainsAdmin
