/*
 * Admin UI of the media plugin (package export "./admin"): media and creatives (list,
 * create/edit with file upload and preview, detail with the banner code generator).
 * Affiliates read media (the server grants them `read` only).
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { mediaResource } from './media'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const mediaAdmin: AdminPlugin = {
  id: 'media',
  resources: [mediaResource],
  messages: { en, pt, tr },
}

export default mediaAdmin
