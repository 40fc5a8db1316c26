/*
 * The `oidc` plugin: sign-in with an external OpenID Connect provider (this server is the
 * relying party; see oidc.ts for the OIDC_* environment it is configured from). A person
 * whose address the provider verified gets a session on their panel of that address.
 *
 * Platform-level: the provider is the platform's (one set of OIDC_* settings for every
 * organisation) and the sign-in happens before anyone is in an organisation, so there is
 * nothing an organisation could switch. The routes keep the address, tag and operation
 * names they had in core (/api/v1/auth/oidc/…, authOidcUrl, authOidcLogin).
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { oidcPublicRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'oidc',
  name: 'OpenID Connect sign-in',
  description: 'Sign in with an external OpenID Connect provider, configured from the environment (OIDC_*)',
  dependsOn: [],
  platform: true,
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  publicRoutes: oidcPublicRoutes,
  publicMount: { path: 'auth/oidc', tag: 'auth' },
})
