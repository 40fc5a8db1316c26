/*
 * The `oauth` plugin: this platform as an OAuth 2.0 authorization server. An organisation
 * registers apps; a signed-in person consents (authorization-code grant, optional PKCE) and
 * the app trades the code for a scoped access token `afo_<id>.<secret>` that acts as that
 * person. The id is the path segment and OpenAPI tag the feature had in core, so its API
 * (/api/v1/oauth/…, operationIds oauth…) did not change when it moved here.
 *
 * Per organisation: switched off, the apps screens answer 404, the token endpoint refuses
 * the organisation's apps and its access tokens stop working; nothing is deleted.
 */
import { fileURLToPath } from 'node:url'
import { bearerToken, definePlugin } from '@affix/core/kernel'
import { oauthPublicRoutes, oauthRoutes } from './routes.js'
import { OAUTH_PLUGIN_ID, verifyOAuthToken } from './oauth.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: OAUTH_PLUGIN_ID,
  name: 'OAuth apps',
  description: 'OAuth apps and the authorization-code grant',
  dependsOn: [],
  migrations: here('../database/migrations'),
  lang: here('../resources/lang'),
  routes: oauthRoutes,
  publicRoutes: oauthPublicRoutes,
  // RFC 6749 clients expect the token endpoint beside the app's routes, and the SDK already calls it there.
  publicMount: { path: OAUTH_PLUGIN_ID },
  // The auth middleware asks this resolver about every bearer token before it reads it as a panel session.
  hooks: [bearerToken.provide(verifyOAuthToken)],
  // Spec §6: admins and affiliates manage their API configuration (OAuth apps beside API keys).
  permissions: [
    {
      subject: 'oauth_apps',
      actions: ['read', 'manage'],
      description: 'OAuth apps and their auth codes',
      grants: { admin: ['read', 'manage'], affiliate: ['read', 'manage'] },
    },
  ],
})
