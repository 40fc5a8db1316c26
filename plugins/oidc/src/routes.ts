/*
 * OIDC sign-in's routes, public (a person signing in has no session yet). They keep the
 * address, tag and names they had in core (manifest `publicMount: { path: 'auth/oidc', tag:
 * 'auth' }`): GET /api/v1/auth/oidc/url (authOidcUrl), POST /api/v1/auth/oidc/login (authOidcLogin).
 */
import { defineSchema, schemas, type ApiRouter } from '@affix/core/kernel'
import { oidcLoginValidator } from './validators.js'

const OidcController = () => import('./oidc_controller.js')

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

export function oidcPublicRoutes(api: ApiRouter) {
  api.get(
    '/url',
    {
      name: 'oidcUrl',
      summary:
        'Sign in with the OpenID Connect provider (spec /web/v2/auth/google/url): the URL to send the browser to, with PKCE, state and nonce',
      response: { status: 200, data: OidcStart },
      errors: { '502': 'The provider cannot be reached' },
    },
    [OidcController, 'url']
  )
  api.post(
    '/login',
    {
      name: 'oidcLogin',
      summary:
        'Finish provider sign-in (spec /web/v2/auth/google/login, page /auth/verify/google): code + state → the panel of that e-mail address',
      body: oidcLoginValidator,
      response: { status: 200, data: schemas.session },
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
}
