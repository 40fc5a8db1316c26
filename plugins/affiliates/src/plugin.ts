/*
 * The `affiliates` plugin: affiliates, payment details, notes, referrals, managers, groups and csv import/update.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { affiliatesRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'affiliates',
  name: 'Affiliates and groups',
  description: 'Affiliates, payment details, notes, referrals, managers, groups and CSV import/update',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: affiliatesRoutes,
  permissions: [],
})
