/*
 * The `customers` plugin: players (customers) of the brands, their activity, conversion
 * events with conversion caps, FX rates and the inbound operator postback — the first half
 * of the money path. Three ways in (batch API, postback, CSV import) share one ingest
 * service. docs/customers.md describes it; its contracts are the commission engine's and the
 * outgoing postbacks' interface.
 */
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { definePlugin } from '@affix/core/kernel'
import { campaignActivity } from '@affix/campaigns/contracts'
import { customersRoutes } from './routes.js'
import { CUSTOMER_EVENTS } from './events.js'
import { campaignHasCustomers } from './contracts.js'
import { activityImport, customerImport, fxRateImport } from './imports.js'
import { closePostbacks, POSTBACK_PREFIX, postbackProcessor, postbackRoute } from './postback/handler.js'
import { closeConversionCounters } from './ingest/caps.js'
import { seedCustomers } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'customers',
  name: 'Customers and activity',
  description:
    'Players, their activity and conversions by batch API, S2S postback and CSV; attribution, FTD, corrections, fraud marks, conversion caps and FX rates',
  dependsOn: ['brands', 'affiliates', 'promo-codes', 'campaigns', 'tracking'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: customersRoutes,
  rootRoutes: [{ method: 'GET_POST', prefix: POSTBACK_PREFIX, handler: postbackRoute }],
  extensionPoints: CUSTOMER_EVENTS,
  hooks: [campaignActivity.provide(campaignHasCustomers)],
  imports: [customerImport, activityImport, fxRateImport],
  jobs: {
    // This month and the next three of the postback log exist before any postback needs them.
    partitions: async () => {
      await db.rawQuery('SELECT customers_ensure_postback_log_partitions(3)')
    },
    // Accepted postbacks: woken by a web process without the job worker (postback/handler.ts),
    // and every minute for rows left by a process that stopped or accepted by another node.
    'postback-inbox': async () => {
      await postbackProcessor().runNow()
    },
  },
  cron: [
    { job: 'partitions', schedule: '23 3 * * *' },
    { job: 'postback-inbox', schedule: '* * * * *' },
  ],
  seed: seedCustomers,
  async onShutdown() {
    await closePostbacks()
    await closeConversionCounters()
  },
  // Reads are the reports core declares (report.customer, report.activity, report.conversion).
  permissions: [
    {
      subject: 'customers',
      actions: ['manage', 'import'],
      description:
        'Send players and activity (batch API, CSV), mark fraud, reassign, the operator postback and its log',
      grants: { admin: ['manage', 'import'], 'sub-admin': ['manage', 'import'] },
    },
    {
      subject: 'fx-rates',
      actions: ['read', 'manage'],
      description: "The organisation's FX rates",
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read'], adm: ['read'] },
    },
  ],
})
