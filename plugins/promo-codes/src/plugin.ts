/*
 * The `promo-codes` plugin: promo codes with bonus, dates, type and included or excluded affiliates.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { promoCodesRoutes } from './routes.js'
import { seedPromoCodes } from './seed.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'promo-codes',
  name: 'Promo codes',
  description: 'Promo codes with bonus, dates, type and included or excluded affiliates',
  dependsOn: ['affiliates'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: promoCodesRoutes,
  seed: seedPromoCodes,
  // Spec §6: admins and sub-admins manage codes; managers and parents read them (team members
  // see the codes of their affiliates and the unassigned ones); an affiliate reads only the
  // codes that apply to it; brands have none.
  permissions: [
    {
      subject: 'promo-codes',
      actions: ['read', 'manage'],
      description: 'Promo codes',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        afm: ['read'],
        adm: ['read'],
        parent: ['read'],
        affiliate: ['read'],
      },
    },
  ],
})
