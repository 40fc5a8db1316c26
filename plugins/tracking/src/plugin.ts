/*
 * The `tracking` plugin: the click redirect, click records, real-time caps and the click benchmarks.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { trackingRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'tracking',
  name: 'Click tracking',
  description: 'The click redirect, click records, real-time caps and the click benchmarks',
  dependsOn: ['campaigns', 'fraud', 'domains', 'affiliates'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: trackingRoutes,
  permissions: [],
})
