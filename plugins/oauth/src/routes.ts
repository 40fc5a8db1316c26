/*
 * The OAuth plugin's routes. They keep the addresses and names they had in core: the
 * authenticated ones under /api/v1/oauth (the plugin's id), the token endpoint beside them
 * (manifest `publicMount: { path: 'oauth' }`), all tagged `oauth` (operationIds oauth…).
 */
import { defineSchema, listQueryParameters, schemas, type ApiRouter } from '@affix/core/kernel'
import { authorizeValidator, createOAuthAppValidator } from './validators.js'
import { OAUTH_APP_LIST, OAUTH_CODE_LIST } from './oauth.js'

const OAuthAppsController = () => import('./controllers/apps_controller.js')
const OAuthTokenController = () => import('./controllers/token_controller.js')

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

/** Public: the token endpoint, authenticated by the app's client credentials. */
export function oauthPublicRoutes(oauth: ApiRouter) {
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
}

/** Authenticated (panel sessions only): app management and consent. */
export function oauthRoutes(oauth: ApiRouter) {
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
}
