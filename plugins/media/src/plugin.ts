/*
 * The `media` plugin: banners, html ads, e-mail creatives and links, with the banner code generator.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { mediaRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'media',
  name: 'Media and creatives',
  description: 'Banners, HTML ads, e-mail creatives and links, with the banner code generator',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: mediaRoutes,
  permissions: [],
})
