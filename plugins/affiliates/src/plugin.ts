/*
 * The `affiliates` plugin: affiliates, payment details, notes, referrals, managers, groups and csv import/update.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin, panelSignup } from '@affix/core/kernel'
import { affiliatesRoutes } from './routes.js'
import { seedAffiliates } from './seed.js'
import { affiliateImport } from './services/affiliate_import.js'
import { affiliateUpdateImport } from './services/affiliate_update_import.js'
import { groupUsage, liveAffiliateIds, recordReferral } from './contracts.js'
import { affiliateGroupIds } from './groups/lookup.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const TEAM = ['admin', 'sub-admin', 'afm', 'adm'] as const
const grant = (roles: readonly string[], actions: string[]) => Object.fromEntries(roles.map((role) => [role, actions]))

export default definePlugin({
  id: 'affiliates',
  name: 'Affiliates and groups',
  description: 'Affiliates, payment details, notes, referrals, managers, groups and CSV import/update',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: affiliatesRoutes,
  lookups: { affiliates: liveAffiliateIds, 'affiliate-groups': affiliateGroupIds },
  extensionPoints: [groupUsage],
  hooks: [panelSignup.provide(recordReferral)],
  // Background CSV import and update (the job worker finds them here).
  imports: [affiliateImport, affiliateUpdateImport],
  // Spec §6: admins, sub-admins and managers (AFM, ADM; narrowed by their team scope) manage
  // affiliates; parent organisations read them; brands do not see them; an affiliate reaches
  // only itself, through /me.
  permissions: [
    {
      subject: 'affiliates',
      actions: ['read', 'manage'],
      description: 'Affiliates, their notes and groups',
      grants: { ...grant(TEAM, ['read', 'manage']), parent: ['read'] },
    },
    {
      subject: 'affiliates.payment',
      actions: ['read', 'manage'],
      description: "Affiliates' payment details (an ADM: of its own affiliates only)",
      grants: grant(TEAM, ['read', 'manage']),
    },
    {
      subject: 'affiliates.referred',
      actions: ['read'],
      description: 'Referred affiliates (hidden for affiliates with feature dra_aff)',
      grants: { ...grant(TEAM, ['read']), parent: ['read'], affiliate: ['read'] },
      hiddenWhen: [{ flag: 'dra_aff', roles: ['affiliate'] }],
    },
    {
      subject: 'affiliates.self',
      actions: ['read', 'manage'],
      description: "An affiliate's own profile and payment details",
      grants: { affiliate: ['read', 'manage'] },
    },
  ],
  seed: seedAffiliates,
})
