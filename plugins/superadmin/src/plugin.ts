/*
 * The `superadmin` plugin: the platform's console for its superadmins (spec §2 /superadmin/*,
 * §6 "Superadmin: accounts, home, verify") — the home figures and every organisation as an
 * account: its owner, admins, children, plugins and counts; verification, billing state,
 * panel lock, onboarding, network and report install, feature flags and the time zone.
 * A platform plugin: on for the platform, not per organisation. The id is the path segment
 * and OpenAPI tag the console had in core, so its API (/api/v1/superadmin/…, operationIds
 * superadmin…) did not change when it moved here. Organisations and panels stay core's
 * tables: the plugin reads and changes them through the kernel's account directory
 * (core/app/kernel/accounts.ts). The superadmin's login door (/api/v1/superuser/auth/login)
 * and logout stay with core's identity.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { superadminRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'superadmin',
  name: 'Superadmin console',
  description: "The platform's home figures and every organisation as an account (superadmins only)",
  dependsOn: [],
  platform: true,
  lang: here('../resources/lang'),
  routes: superadminRoutes,
  permissions: [
    {
      subject: 'accounts',
      actions: ['read', 'manage'],
      description: 'Superadmin: every organisation',
      grants: { superadmin: ['read', 'manage'] },
    },
  ],
})
