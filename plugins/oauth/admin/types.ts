/* What the OAuth plugin's API answers (see the OpenAPI schemas OAuthApp, OAuthAuthCode). */

/** The collection of apps, a react-admin resource named after the ability subject that guards it. */
export const OAUTH_APPS_RESOURCE = 'oauth_apps'
export const OAUTH_APPS_API = '/api/v1/oauth/apps'

export interface OAuthApp {
  id: number
  name: string
  clientId: string
  secretPreview?: string
  redirectUris: string[]
  scopes: Array<{ resource: string; operations: Array<'read' | 'write'> }>
  allowedIps: string[]
  expiresAt?: string | null
  revokedAt?: string | null
  createdAt?: string | null
}

export interface OAuthCode {
  id: number
  userId: number
  userEmail?: string | null
  userName?: string | null
  redirectUri?: string
  pkce?: boolean
  status: 'pending' | 'used' | 'expired'
  createdAt: string | null
  expiresAt?: string | null
  usedAt?: string | null
}
