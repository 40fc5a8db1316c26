/*
 * The `branding` plugin: white-label images of an organisation — the logo (386x74), the
 * login logo (450x150) and the icon (16x16) — checked with sharp for type and exact size,
 * kept in the storage service and served publicly. Core shows their URLs in the
 * organisation and account payloads and on the login pages' meta (GET /api/v1/auth/meta)
 * by asking this manifest's `brandingImages`.
 *
 * Per organisation: switched off, the images' URLs are null everywhere (the login pages show
 * the default look), the images answer 404 and the logo routes answer 404; nothing is deleted.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { brandingPublicRoutes, brandingRoutes } from './routes.js'
import { BRANDING_PLUGIN_ID, organizationImages } from './services/branding.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: BRANDING_PLUGIN_ID,
  name: 'Branding',
  description: 'White-label logo, login logo and icon of an organisation',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: brandingRoutes,
  publicRoutes: brandingPublicRoutes,
  brandingImages: organizationImages,
})
