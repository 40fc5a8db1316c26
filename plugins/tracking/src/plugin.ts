/*
 * The `tracking` plugin: the click redirect (GET /c/:campaignId, GET /s/:token as root
 * routes, answered before AdonisJS), click records (monthly partitions), real-time caps and
 * the clicks API. docs/tracking.md describes the click path.
 */
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { definePlugin } from '@affix/core/kernel'
import { trackingRoutes } from './routes.js'
import { clickRoute, shortLinkRoute } from './redirect.js'
import { closeClickEngine } from './engine/runtime.js'
import { seedClicks } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'tracking',
  name: 'Click tracking',
  description: 'The click redirect, click records, real-time caps and the click benchmarks',
  dependsOn: ['campaigns', 'fraud', 'domains', 'affiliates'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: trackingRoutes,
  rootRoutes: [
    { method: 'GET', prefix: '/c/', handler: clickRoute },
    { method: 'GET', prefix: '/s/', handler: shortLinkRoute },
  ],
  jobs: {
    // This month and the next three exist before any click needs them (the DEFAULT partition catches the rest).
    partitions: async () => {
      await db.rawQuery('SELECT tracking_ensure_click_partitions(3)')
    },
  },
  cron: [{ job: 'partitions', schedule: '17 3 * * *' }],
  onShutdown: closeClickEngine,
  seed: seedClicks,
  permissions: [
    {
      subject: 'clicks',
      actions: ['read'],
      description: 'Recorded clicks',
      grants: {
        admin: ['read'],
        'sub-admin': ['read'],
        afm: ['read'],
        adm: ['read'],
        parent: ['read'],
        affiliate: ['read'],
      },
    },
  ],
})
