/*
 * The `campaigns` plugin: campaigns, payout plans, caps, targeting rule blocks, access requests and tracking links.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { campaignsRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'campaigns',
  name: 'Campaigns',
  description: 'Campaigns, payout plans, caps, targeting rule blocks, access requests and tracking links',
  dependsOn: ['brands', 'affiliates', 'deep-links'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: campaignsRoutes,
  permissions: [],
})
