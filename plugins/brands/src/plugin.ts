/*
 * The `brands` plugin: brands (the operators' advertisers) and their products.
 * It is the worked example of docs/plugin-authoring.md.
 */
import { fileURLToPath } from 'node:url'
import { addPanel, definePlugin } from '@affix/core/kernel'
import { brandsRoutes } from './routes.js'
import { liveBrandIds } from './contracts.js'
import { productImport } from './services/product_import.js'
import { BRANDS_SETTINGS_DEFAULTS, brandsSettingsValidator } from './settings.js'

/** The demo brand panel (Lucky Spin Casino); it logs in with the demo password. */
export const DEMO_BRAND_EMAIL = 'brand@demo.affix.dev'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'brands',
  name: 'Brands and products',
  description: 'Brands (advertisers) and their products, with CSV import of products',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: brandsRoutes,
  // Other plugins check brand ids with existingIds/missingIds(…, 'brands', …).
  lookups: { brands: liveBrandIds },
  // Run in the request (importNow); declared so the kernel knows the type (GET /plugins, a queued run).
  imports: [productImport],
  settings: { validator: brandsSettingsValidator, defaults: BRANDS_SETTINGS_DEFAULTS },
  // Spec §6: admin and sub-admin manage the catalogue; managers and parent organisations
  // read it; a brand panel reads its brand and manages its brand's products (brand_panels.ts
  // limits every query of a brand panel to its brand).
  permissions: [
    {
      subject: 'brands',
      actions: ['read', 'manage'],
      description: 'Brands',
      grants: {
        admin: ['read', 'manage'],
        'sub-admin': ['read', 'manage'],
        parent: ['read'],
        afm: ['read'],
        adm: ['read'],
        brand: ['read'],
      },
    },
    {
      subject: 'products',
      actions: ['read', 'manage', 'import'],
      description: 'Products',
      grants: {
        admin: ['read', 'manage', 'import'],
        'sub-admin': ['read', 'manage', 'import'],
        parent: ['read'],
        afm: ['read'],
        adm: ['read'],
        brand: ['read', 'manage'],
      },
    },
  ],
  // Demo: two operators signed four months ago, three products between them; Lucky Spin's
  // partner manager has a brand panel (brand@demo.affix.dev, the demo password).
  async seed({ organizationId, trx, dayAt, giveDemoPassword }) {
    const now = dayAt(125, '09:30')
    const [lucky, royal] = await trx
      .insertQuery()
      .table('brands')
      .returning(['id'])
      .multiInsert([
        {
          organization_id: organizationId,
          name: 'Lucky Spin Casino',
          email: 'partners@luckyspin.example',
          website: 'https://luckyspin.example',
          status: 'active',
          company_name: 'Lucky Spin Ltd',
          company_country: 'MT',
          created_at: now,
          updated_at: now,
        },
        {
          organization_id: organizationId,
          name: 'Royal Bet',
          email: 'affiliates@royalbet.example',
          website: 'https://royalbet.example',
          status: 'active',
          company_name: 'Royal Bet Group',
          company_country: 'CW',
          created_at: now,
          updated_at: now,
        },
      ])
    await trx
      .insertQuery()
      .table('products')
      .multiInsert([
        {
          organization_id: organizationId,
          brand_id: lucky.id,
          name: 'Lucky Spin Slots',
          status: 'active',
          created_at: now,
          updated_at: now,
        },
        {
          organization_id: organizationId,
          brand_id: lucky.id,
          name: 'Lucky Spin Live Casino',
          status: 'active',
          created_at: now,
          updated_at: now,
        },
        {
          organization_id: organizationId,
          brand_id: royal.id,
          name: 'Royal Bet Sportsbook',
          status: 'active',
          created_at: now,
          updated_at: now,
        },
      ])
    const panelId = await addPanel(
      trx,
      {
        organizationId,
        role: 'brand',
        email: DEMO_BRAND_EMAIL,
        name: 'Lucky Spin Partners',
        status: 'active',
        createdAt: now,
      },
      { invite: false }
    )
    await giveDemoPassword(panelId)
    await trx
      .insertQuery()
      .table('brand_panels')
      .insert({ organization_id: organizationId, brand_id: lucky.id, user_id: panelId, created_at: now })
  },
})
