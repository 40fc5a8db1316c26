/*
 * The `campaigns` plugin: campaigns of the organisation's brands. Payout plans, caps,
 * targeting rule blocks, access requests and tracking links are the rest of issue 6.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { campaignsRoutes } from './routes.js'
import './contracts.js'
import './services/groups.js'
import { expireCampaigns } from './services/expiry.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'campaigns',
  name: 'Campaigns',
  description: 'Campaigns, payout plans, caps, targeting rule blocks, access requests and tracking links',
  dependsOn: ['brands', 'affiliates', 'deep-links'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: campaignsRoutes,
  jobs: {
    expire: async () => {
      await expireCampaigns()
    },
  },
  cron: [{ job: 'expire', schedule: '* * * * *' }],
  // Spec §6: admins and sub-admins manage; an AFM manages the campaigns of its affiliates
  // (narrowed by its report scope); ADMs and parents read; affiliates read the public ones.
  permissions: [
    {
      subject: 'campaigns',
      actions: ['read', 'manage'],
      description: 'Campaigns',
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read', 'manage'], adm: ['read'], parent: ['read'], affiliate: ['read'] },
    },
  ],
  async seed({ organizationId, trx }) {
    const brands = await trx.from('brands').where('organization_id', organizationId).whereNull('deleted_at').orderBy('id').select('id', 'website')
    if (!brands.length) return
    const now = new Date()
    await trx.insertQuery().table('campaigns').multiInsert([
      { organization_id: organizationId, brand_id: brands[0].id, title: 'Welcome Bonus CPA', status: 'active', visibility: 'public', default_url: `${brands[0].website ?? 'https://brand.example'}/welcome?click={click_id}`, fallback_url: brands[0].website ?? null, commission_variable: 'ftd', currency: 'USD', coverage_countries: JSON.stringify(['BR', 'PT']), product_ids: '[]', featured: true, created_at: now, updated_at: now },
      { organization_id: organizationId, brand_id: brands[brands.length - 1].id, title: 'VIP Rev Share', status: 'active', visibility: 'private', default_url: `${brands[brands.length - 1].website ?? 'https://brand.example'}/vip?click={click_id}`, commission_variable: 'ngr', currency: 'EUR', coverage_countries: '[]', product_ids: '[]', created_at: now, updated_at: now },
    ])
  },
})
