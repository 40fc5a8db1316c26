/*
 * The `media` plugin: banners, html ads, e-mail creatives and links, with the banner code generator.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { mediaPublicRoutes, mediaRoutes } from './routes.js'
import { seedMedia } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'media',
  name: 'Media and creatives',
  description: 'Banners, HTML ads, e-mail creatives and links, with the banner code generator',
  dependsOn: ['domains'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: mediaRoutes,
  publicRoutes: mediaPublicRoutes,
  seed: seedMedia,
  // Spec §6: admin and sub-admin manage media; managers and parent organisations read them;
  // affiliates read them (active, non-hidden only: the controller narrows); brands: none.
  permissions: [
    {
      subject: 'media',
      actions: ['read', 'manage'],
      description: 'Media and creatives',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read'],
        adm: ['read'],
        parent: ['read'],
        affiliate: ['read'],
      },
    },
  ],
})
