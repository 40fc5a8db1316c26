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
  dependsOn: ['brands', 'affiliates', 'deep-links', 'domains'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: campaignsRoutes,
  jobs: {
    expire: async () => {
      await expireCampaigns()
    },
  },
  cron: [{ job: 'expire', schedule: '* * * * *' }],
  // Spec §6: admins and sub-admins manage; AFMs and ADMs manage within their team scope
  // (scope.campaigns, null = all); parents read; affiliates read their own view, create their
  // links and ask for access. Brands are not tied to brand records yet: they get none.
  permissions: [
    {
      subject: 'campaigns',
      actions: ['read', 'manage'],
      description: 'Campaigns',
      grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read', 'manage'], adm: ['read', 'manage'], parent: ['read'], affiliate: ['read'] },
    },
    {
      subject: 'campaigns.links',
      actions: ['manage'],
      description: 'Tracking links of campaigns (an affiliate: its own)',
      grants: { admin: ['manage'], 'sub-admin': ['manage'], afm: ['manage'], adm: ['manage'], affiliate: ['manage'] },
    },
    {
      subject: 'campaigns.access',
      actions: ['manage'],
      description: 'Ask for access to private campaigns (affiliates)',
      grants: { affiliate: ['manage'] },
    },
  ],
  async seed({ organizationId, trx }) {
    const brands = await trx.from('brands').where('organization_id', organizationId).whereNull('deleted_at').orderBy('id').select('id', 'website')
    if (!brands.length) return
    const now = new Date()
    await trx.insertQuery().table('campaigns').multiInsert([
      { organization_id: organizationId, brand_id: brands[0].id, title: 'Welcome Bonus CPA', status: 'active', visibility: 'public', default_url: `${brands[0].website ?? 'https://brand.example'}/welcome?click={click_id}`, fallback_url: brands[0].website ?? null, commission_variable: 'ftd', currency: 'USD', coverage_countries: JSON.stringify(['BR', 'PT']), product_ids: '[]', featured: true, created_at: now, updated_at: now },
      { organization_id: organizationId, brand_id: brands[brands.length - 1].id, title: 'VIP Rev Share', status: 'active', visibility: 'private', default_url: `${brands[brands.length - 1].website ?? 'https://brand.example'}/vip?click={click_id}`, commission_variable: 'ngr', currency: 'EUR', coverage_countries: '[]', product_ids: '[]', access_questions: JSON.stringify([{ question: 'Where will you promote this campaign?', required: true }, { question: 'Expected monthly FTDs', required: false }]), created_at: now, updated_at: now },
      { organization_id: organizationId, brand_id: brands[0].id, title: 'Sports Hybrid', status: 'paused', visibility: 'public', default_url: `${brands[0].website ?? 'https://brand.example'}/sports?click={click_id}&src={source}`, commission_variable: 'd', currency: 'BRL', coverage_countries: JSON.stringify(['BR']), product_ids: '[]', attribution_window_days: 60, created_at: now, updated_at: now },
    ])
  },
})
