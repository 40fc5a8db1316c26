/*
 * The `fraud` plugin: anti-fraud rules (data center, proxy, blacklist, device) applied to clicks.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { fraudRoutes } from './routes.js'
import { seedFraud } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'fraud',
  name: 'Fraud rules',
  description: 'Anti-fraud rules (data center, proxy, blacklist, device) applied to clicks',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: fraudRoutes,
  seed: seedFraud,
  // Spec §6/§7 (anti-fraud rules screen): admins and sub-admins manage the rules; managers read them.
  permissions: [
    {
      subject: 'fraud',
      actions: ['read', 'manage'],
      description: 'Anti-fraud rules',
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read'], adm: ['read'] },
    },
  ],
})
