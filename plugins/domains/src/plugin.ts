/*
 * The `domains` plugin: tracking and white-label domains used in the tracking links of affiliates.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { domainsRoutes } from './routes.js'
import { panelBaseUrlFor } from './contracts.js'
import { seedDomains } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'domains',
  name: 'Tracking domains',
  description: 'Tracking and white-label domains used in the tracking links of affiliates',
  dependsOn: ['affiliates'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: domainsRoutes,
  // Links mailed to the organisation's people (invitations, resets…) use its white-label domain.
  panelBaseUrl: panelBaseUrlFor,
  seed: seedDomains,
  // Spec §6/§7 (/domain): admins and sub-admins manage domains; managers read them; an
  // affiliate reads the active domains it may use (public ones and its own private ones).
  permissions: [
    {
      subject: 'domains',
      actions: ['read', 'manage'],
      description: 'Tracking and white-label domains',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read'],
        adm: ['read'],
        affiliate: ['read'],
      },
    },
  ],
})
