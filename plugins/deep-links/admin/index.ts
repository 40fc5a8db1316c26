/*
 * Admin UI of the deep-links plugin (package export "./admin"). Deep links need the
 * organisation feature edl (spec §6): the server grants the `deep-links` ability only then,
 * and the shell shows a resource (menu entry, routes) only to accounts holding its ability.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { deepLinksResource } from './deep-links'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const deepLinksAdmin: AdminPlugin = {
  id: 'deep-links',
  resources: [deepLinksResource],
  messages: { en, pt, tr },
}

export default deepLinksAdmin
