/*
 * The `deep-links` plugin: deep links (feature edl): named landing urls affiliates can link to.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { deepLinksRoutes } from './routes.js'
import { seedDeepLinks } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'deep-links',
  name: 'Deep links',
  description: 'Deep links (feature edl): named landing URLs affiliates can link to',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: deepLinksRoutes,
  seed: seedDeepLinks,
  // Spec §6: deep links need the organisation feature edl; admins, sub-admins and affiliate
  // managers manage them, affiliates read them.
  permissions: [
    {
      subject: 'deep-links',
      actions: ['read', 'manage'],
      description: 'Deep links',
      requiresAnyFlag: ['edl'],
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read', 'manage'],
        affiliate: ['read'],
      },
    },
  ],
})
