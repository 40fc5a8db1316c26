/*
 * The `promo-codes` plugin: promo codes with bonus, dates, type and included or excluded affiliates.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { promoCodesRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'promo-codes',
  name: 'Promo codes',
  description: 'Promo codes with bonus, dates, type and included or excluded affiliates',
  dependsOn: ['affiliates'],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: promoCodesRoutes,
  permissions: [],
})
