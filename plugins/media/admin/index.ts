/*
 * Admin UI of the media plugin (package export "./admin"): media and creatives (list,
 * create/edit with file upload and preview, detail with the banner code generator).
 * Affiliates read media (the server grants them `read` only).
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { mediaResource } from './media'
import { pt } from './i18n/pt'
import { specRoutes } from './spec_routes'
import { tr } from './i18n/tr'

const mediaAdmin: AdminPlugin = {
  id: 'media',
  resources: [mediaResource],
  messages: { en, pt, tr },
  routes: specRoutes,
  routeMeta: [
    { path: '/manage/media', title: 'resources.media.name', subject: 'media' },
    { path: '/manage/media/:id', title: 'resources.media.name', subject: 'media' },
  ],
}

export default mediaAdmin
