/*
 * The `postbacks` plugin: affiliate postbacks (GET with macros or signed JSON POST), the
 * network's global postbacks, postback rules, the network's signed webhooks, their
 * deliveries (enqueued in the transaction of the event that causes them, retried with
 * exponential backoff, auto-disabled after too many failures), per-attempt logs, a test
 * tool and replay. docs/postbacks.md describes the behaviour, the SSRF allow-list, the retry
 * policy and the signature scheme.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { postbacksRoutes } from './routes.js'
import { postbackListeners } from './delivery/fanout.js'
import { dispatch, stopDispatchers, sweep } from './delivery/deliver.js'
import { POSTBACKS_SETTINGS_DEFAULTS, postbacksSettingsValidator } from './settings.js'
import { seedPostbacks } from './seed.js'
import { cleanupLogs } from './delivery/cleanup.js'
import { feedClicks } from './delivery/click_feed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export { LOG_RETENTION_DAYS } from './delivery/cleanup.js'

export default definePlugin({
  id: 'postbacks',
  name: 'Postbacks and webhooks',
  description:
    "Affiliate and global postbacks with macros and rules, the network's signed webhooks, retried deliveries, per-attempt logs, a test tool and replay",
  dependsOn: ['affiliates', 'campaigns', 'tracking', 'customers', 'payouts'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: postbacksRoutes,
  listeners: postbackListeners,
  settings: { validator: postbacksSettingsValidator, defaults: { ...POSTBACKS_SETTINGS_DEFAULTS } },
  jobs: {
    dispatch,
    sweep,
    // Attempts and finished deliveries older than the retention; pending and retrying ones stay.
    cleanup: async () => {
      await cleanupLogs()
    },
    // The click.recorded webhook feed: reads the click log, never the click path.
    clicks: feedClicks,
  },
  cron: [
    { job: 'sweep', schedule: '* * * * *' },
    { job: 'cleanup', schedule: '17 3 * * *' },
    { job: 'clicks', schedule: '* * * * *' },
  ],
  // The delivery loops finish the batch they are sending (and record it) before the database closes.
  onShutdown: stopDispatchers,
  seed: seedPostbacks,
  // Spec §6: the network manages every postback; AFM/ADM those of their affiliates; an
  // affiliate reads its own and changes them only when the organisation allows it (setting
  // affiliatesManagePostbacks). Global postbacks, rules and webhooks are the network's.
  permissions: [
    {
      subject: 'postbacks',
      actions: ['read', 'manage'],
      description: 'Postbacks, their logs, tests and resends',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read', 'manage'],
        adm: ['read', 'manage'],
        affiliate: ['read', 'manage'],
      },
    },
    {
      subject: 'postbacks.global',
      actions: ['manage'],
      description: "The network's global postbacks (fired for every affiliate)",
      grants: { admin: ['manage'], 'sub-admin': ['manage'] },
    },
    {
      subject: 'postbacks.rules',
      actions: ['read', 'manage'],
      description: 'Postback rules',
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read'], adm: ['read'] },
    },
    {
      subject: 'webhooks',
      actions: ['read', 'manage'],
      description: "The network's webhooks and their logs",
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'] },
    },
  ],
})
