/*
 * The `fraud` plugin: anti-fraud rules (data center, proxy, blacklist, device) applied to clicks.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { fraudRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'fraud',
  name: 'Fraud rules',
  description: 'Anti-fraud rules (data center, proxy, blacklist, device) applied to clicks',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: fraudRoutes,
  permissions: [],
})
