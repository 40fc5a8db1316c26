/*
 * External sign-in and OAuth apps.
 * - OpenID Connect sign-in (spec §2 /auth/verify/google, §7 /web/v2/auth/google/url and
 *   /web/v2/auth/google/login → /api/v1/auth/oidc/url and /api/v1/auth/oidc/login).
 * - OAuth apps (spec §3 "API key and OAuth app", §2 "API keys and OAuth auth codes"; §7
 *   /oauth): this platform as an OAuth 2.0 authorization server, authorization-code grant.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import { listQueryParameters } from '#kernel/list_query'
import * as schemas from '#kernel/schemas'
import { Session } from '#start/schemas'
import { authorizeValidator, createOAuthAppValidator, oidcLoginValidator } from '#validators/oauth'
import { OAUTH_APP_LIST, OAUTH_CODE_LIST } from '#services/oauth'

const OidcController = () => import('#controllers/oidc_controller')
const OAuthAppsController = () => import('#controllers/oauth_apps_controller')
const OAuthTokenController = () => import('#controllers/oauth_token_controller')

const scopeList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['resource', 'operations'],
    properties: {
      resource: { type: 'string' },
      operations: { type: 'array', items: { type: 'string', enum: ['read', 'write'] } },
    },
  },
}

export const OidcStart = defineSchema('OidcStart', {
  type: 'object',
  required: ['configured'],
  properties: {
    configured: {
      type: 'boolean',
      description: 'Whether sign-in with a provider is set up; url and state come only when it is',
    },
    url: { type: 'string', description: "The provider's authorization URL to send the browser to" },
    state: { type: 'string', description: 'Comes back on the redirect; valid once, for 10 minutes' },
  },
})

export const OAuthAppSchema = defineSchema('OAuthApp', {
  type: 'object',
  required: ['id', 'name', 'clientId', 'redirectUris', 'scopes', 'allowedIps'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    userId: schemas.id,
    clientId: { type: 'string' },
    secretPreview: {
      type: 'string',
      description: '…<last 4 characters>; the client secret is never returned after creation',
    },
    redirectUris: { type: 'array', items: { type: 'string' } },
    scopes: scopeList,
    allowedIps: { type: 'array', items: { type: 'string' } },
    expiresAt: schemas.nullableString,
    revokedAt: schemas.nullableString,
    createdAt: schemas.nullableString,
  },
})

export const CreatedOAuthApp = defineSchema('CreatedOAuthApp', {
  allOf: [
    OAuthAppSchema,
    {
      type: 'object',
      required: ['clientSecret'],
      properties: { clientSecret: { type: 'string', description: 'Shown once' } },
    },
  ],
})

export const OAuthAuthCodeSchema = defineSchema('OAuthAuthCode', {
  type: 'object',
  required: ['id', 'appId', 'userId', 'status', 'createdAt'],
  properties: {
    id: schemas.id,
    appId: schemas.id,
    userId: schemas.id,
    userEmail: schemas.nullableString,
    userName: schemas.nullableString,
    redirectUri: { type: 'string' },
    scopes: scopeList,
    pkce: { type: 'boolean' },
    status: { type: 'string', enum: ['pending', 'used', 'expired'] },
    createdAt: schemas.nullableString,
    expiresAt: schemas.nullableString,
    usedAt: schemas.nullableString,
  },
})

export const OAuthConsent = defineSchema('OAuthConsent', {
  type: 'object',
  required: ['app', 'redirectUri', 'scopes', 'scope'],
  properties: {
    app: { type: 'object', properties: { name: { type: 'string' }, clientId: { type: 'string' } } },
    redirectUri: { type: 'string' },
    scopes: scopeList,
    scope: { type: 'string', description: 'Space-separated resource:operation pairs' },
  },
})

export const OAuthRedirect = defineSchema('OAuthRedirect', {
  type: 'object',
  required: ['redirectTo', 'scope'],
  properties: {
    redirectTo: { type: 'string', description: 'redirectUri?code=…&state=…; the code works once, for 10 minutes' },
    scope: { type: 'string' },
  },
})

// Public: the sign-in itself.
router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    auth.get(
      '/oidc/url',
      {
        name: 'oidcUrl',
        summary:
          'Sign in with the OpenID Connect provider (spec /web/v2/auth/google/url): the URL to send the browser to, with PKCE, state and nonce',
        response: { status: 200, data: OidcStart },
        errors: { '502': 'The provider cannot be reached' },
      },
      [OidcController, 'url']
    )
    auth.post(
      '/oidc/login',
      {
        name: 'oidcLogin',
        summary:
          'Finish provider sign-in (spec /web/v2/auth/google/login, page /auth/verify/google): code + state → the panel of that e-mail address',
        body: oidcLoginValidator,
        response: { status: 200, data: Session },
        errors: {
          '401': 'No account uses the e-mail address, or the provider has not verified it',
          '403': 'The account is not active',
          '404': 'Sign-in with a provider is not set up (type not_configured)',
          '422': 'Unknown, used or expired state, or a code the provider refused',
          '502': 'The provider failed or cannot be reached',
        },
      },
      [OidcController, 'login']
    )
  })
  .prefix('/api/v1/auth')

// Public: the token endpoint, authenticated by the app's client credentials.
router
  .group(() => {
    const oauth = new ApiRouter(router, '/api/v1/oauth', 'oauth', true)
    oauth.post(
      '/token',
      {
        name: 'token',
        formEncoded: true,
        summary:
          'OAuth 2.0 token endpoint (RFC 6749 §4.1.3). Not in the envelope: answers { access_token, token_type, expires_in, scope } or RFC 6749 §5.2 errors',
        description:
          'Form-encoded or JSON. Client authentication by HTTP Basic or client_id/client_secret in the body. grant_type=authorization_code, code, redirect_uri (exactly as authorised), code_verifier (when PKCE was used). A code works once; presenting it again revokes the tokens it issued. The access token (`afo_<id>.<secret>`, 1 hour) is sent as `Authorization: Bearer` and acts as the consenting user within the granted scopes.',
        body: {
          type: 'object',
          required: ['grant_type', 'code', 'redirect_uri'],
          properties: {
            grant_type: { type: 'string', enum: ['authorization_code'] },
            code: { type: 'string' },
            redirect_uri: { type: 'string' },
            code_verifier: { type: 'string' },
            client_id: { type: 'string' },
            client_secret: { type: 'string' },
          },
        },
        response: {
          status: 200,
          raw: 'application/json',
        },
        errors: {
          '400': '{ error: invalid_request | invalid_grant | unsupported_grant_type, error_description }',
          '401': '{ error: invalid_client, error_description }',
          '429': 'Too many requests (envelope)',
        },
      },
      [OAuthTokenController, 'token']
    )
  })
  .prefix('/api/v1/oauth')

// Authenticated: app management and consent (panel sessions only).
router
  .group(() => {
    const oauth = new ApiRouter(router, '/api/v1/oauth', 'oauth')
    oauth.get(
      '/apps',
      {
        name: 'listApps',
        summary: 'OAuth apps (client secrets are never returned)',
        query: listQueryParameters(OAUTH_APP_LIST),
        response: { status: 200, list: OAuthAppSchema },
      },
      [OAuthAppsController, 'index']
    )
    oauth.post(
      '/apps',
      {
        name: 'createApp',
        summary:
          'Register an OAuth app: name, redirect URIs, scopes, expiry, allowed IPs; the client secret is shown once',
        body: createOAuthAppValidator,
        response: { status: 201, data: CreatedOAuthApp },
      },
      [OAuthAppsController, 'store']
    )
    oauth.delete(
      '/apps/:id',
      {
        name: 'revokeApp',
        summary: 'Revoke an OAuth app at once: its tokens stop working',
        response: { status: 200, data: OAuthAppSchema },
      },
      [OAuthAppsController, 'destroy']
    )
    oauth.get(
      '/apps/:id/codes',
      {
        name: 'listAppCodes',
        summary: 'Authorization codes issued to an app: when, for whom, used or not (never the codes)',
        query: listQueryParameters(OAUTH_CODE_LIST),
        response: { status: 200, list: OAuthAuthCodeSchema },
      },
      [OAuthAppsController, 'codes']
    )
    oauth.get(
      '/authorize',
      {
        name: 'describeAuthorization',
        summary: 'What a consent would grant: the app and the scopes (clientId, redirectUri, scope in the query)',
        query: {
          clientId: { type: 'string' },
          redirectUri: { type: 'string' },
          scope: {
            type: 'string',
            description: 'Space-separated resource:operation pairs; all of the app’s scopes when absent',
          },
        },
        response: { status: 200, data: OAuthConsent },
      },
      [OAuthAppsController, 'describe']
    )
    oauth.post(
      '/authorize',
      {
        name: 'authorize',
        summary:
          'The signed-in user consents (RFC 6749 §4.1.1): returns the redirect carrying a single-use code (10 minutes) and the state',
        body: authorizeValidator,
        response: { status: 200, data: OAuthRedirect },
        errors: {
          '404': 'No such active app in your organisation',
          '422': 'Redirect URI not registered, or a scope the app does not have',
        },
      },
      [OAuthAppsController, 'authorize']
    )
  })
  .prefix('/api/v1/oauth')
  .use(middleware.auth())
