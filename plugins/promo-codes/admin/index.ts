/*
 * Admin UI of the promo-codes plugin (package export "./admin"): promo codes (list with the
 * server-derived status and export, create/edit with the include/exclude affiliate rule).
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { promoCodesResource } from './promo-codes'
import { tr } from './i18n/tr'

const promoCodesAdmin: AdminPlugin = {
  id: 'promo-codes',
  resources: [promoCodesResource],
  messages: { en, pt, tr },
}

export default promoCodesAdmin
