/*
 * Bearer tokens issued by plugins (core hook `core.bearerToken`). A plugin that mints its own
 * access tokens (the OAuth plugin's `afo_<id>.<secret>`) contributes a resolver in its
 * manifest (`hooks: [bearerToken.provide(resolve)]`); the auth middleware asks the
 * resolvers before it treats a bearer token as a panel session, so core knows neither the
 * token's format nor its tables.
 */
import type { ApiKeyScope } from '#models/api_key'
import { defineHook } from './extensions.js'

/** What a valid plugin token acts as. */
export interface BearerGrant {
  /** The panel the token acts as; the resolver has checked it is active and of the token's organisation. */
  userId: number
  /** What the token may do: it narrows the panel's abilities exactly as an API key's scopes narrow the key. */
  scopes: ApiKeyScope[]
}

/**
 * Resolves a bearer token presented from `ip`: null when the token is not of this
 * resolver's kind (the next one is asked), the grant when it is valid, and a thrown
 * AppError (401 or 403, with the resolver's own message) when it is of this kind but not
 * valid here (unknown, expired, revoked, wrong IP, plugin switched off).
 */
export type BearerTokenResolver = (token: string, ip: string) => Promise<BearerGrant | null>

export const bearerToken = defineHook<BearerTokenResolver>('core', 'bearerToken')

/** The grant of the first resolver that recognises `token`, or null (a panel session token then). */
export async function resolvePluginBearer(token: string, ip: string): Promise<BearerGrant | null> {
  for (const resolve of bearerToken.contributions()) {
    const grant = await resolve(token, ip)
    if (grant) return grant
  }
  return null
}
