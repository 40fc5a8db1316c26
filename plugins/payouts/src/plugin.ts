/*
 * The `payouts` plugin: the commission engine (src/engine, pure) and its ledger — rows
 * computed incrementally from the customers plugin's events, periods and their close,
 * carryover, referrals, approval, statements and explanations. docs/commissions.md
 * describes every number, the API and the settings.
 */
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { definePlugin, pluginEnabledFor } from '@affix/core/kernel'
import { payoutsRoutes } from './routes.js'
import { PAYOUT_EVENTS } from './events.js'
import { payoutListeners } from './ledger/listeners.js'
import { markDirty, processDirty, refreshClicks } from './ledger/recompute.js'
import { scheduledClose } from './ledger/close.js'
import { ensureLedger } from './ledger/state.js'
import { PAYOUTS_SETTINGS_DEFAULTS, payoutsSettingsValidator } from './settings.js'
import { seedPayouts } from './seed.js'
import { customerIdsOf } from '@affix/customers/contracts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Organisations with a ledger, for the periodic jobs (each checks the plugin is enabled for it). */
async function ledgerOrganizations(): Promise<number[]> {
  const rows = await db.from('payouts_ledger_states').select('organization_id')
  const ids: number[] = []
  for (const row of rows)
    if (await pluginEnabledFor(Number(row.organization_id), 'payouts')) ids.push(Number(row.organization_id))
  return ids
}

export default definePlugin({
  id: 'payouts',
  name: 'Commissions',
  description:
    'The commission ledger: CPA, CPC, RevShare and hybrid rows as activity arrives, periods and their close, negative carryover, referrals 1–3, approval, statements and explanations',
  dependsOn: ['brands', 'affiliates', 'campaigns', 'tracking', 'customers'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: payoutsRoutes,
  extensionPoints: PAYOUT_EVENTS,
  listeners: payoutListeners,
  settings: { validator: payoutsSettingsValidator, defaults: { ...PAYOUTS_SETTINGS_DEFAULTS } },
  jobs: {
    recompute: async (payload: { organizationId: number }) => {
      await processDirty(payload.organizationId)
    },
    // Every customer of the organisation (when the plugin is enabled on existing data).
    rebuild: async (payload: { organizationId: number }) => {
      await markDirty(payload.organizationId, await customerIdsOf(payload.organizationId))
    },
    clicks: async () => {
      for (const organizationId of await ledgerOrganizations()) await refreshClicks(organizationId)
    },
    scheduledClose: async () => {
      for (const organizationId of await ledgerOrganizations()) await scheduledClose(organizationId)
    },
  },
  cron: [
    { job: 'clicks', schedule: '* * * * *' },
    { job: 'scheduledClose', schedule: '7 * * * *' },
  ],
  async onEnable(organizationId) {
    await ensureLedger(organizationId)
    await markDirty(organizationId, await customerIdsOf(organizationId))
  },
  seed: seedPayouts,
  // Spec §6: admins and sub-admins see and act on every row; AFM/ADM within their team
  // scope; affiliates read their own rows, explanations and statements. Closing periods is
  // for admins and sub-admins; the referral setting and formula overrides are configuration.
  permissions: [
    {
      subject: 'payouts',
      actions: ['read', 'manage'],
      description: 'Commission rows, statements, carryover and referral reports; approve, deny, hold, mark paid',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read', 'manage'],
        adm: ['read', 'manage'],
        affiliate: ['read'],
      },
    },
    {
      subject: 'payouts.periods',
      actions: ['manage'],
      description: 'Close commission periods',
      grants: { admin: ['manage'], 'sub-admin': ['manage'] },
    },
    {
      subject: 'payouts.settings',
      actions: ['read', 'manage'],
      description: 'Referral setting and brand GGR/NGR formula overrides',
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read'] },
    },
  ],
})
