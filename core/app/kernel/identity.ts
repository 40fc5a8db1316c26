/*
 * Core's identity, as the plugins that build on it use it: the OAuth plugin issues
 * credentials with the same scope and IP rules as API keys, and OIDC sign-in opens a
 * panel's session for an address a provider vouched for. Passwords, tokens and the users
 * table stay core's.
 */
import User from '#models/user'
import { isUsablePasswordHash, openSession, panelsForEmail } from '#services/panels'
import type { PanelRef } from './panel_directory.js'

export type { ApiKeyScope as CredentialScope } from '#models/api_key'
/** Scopes (each resource once, a known subject) and allowed IPs (addresses or CIDR ranges) of a credential; 422s name the field. */
export { assertValidScopes, assertValidIps, ipAllowed } from '#services/api_keys'
/** Refuses API keys, plugin tokens, login-as sessions (and, by default, a child acted on with coid): `<scope>.panel_only` / `<scope>.not_while_acting`. */
export { assertOwnSession } from '#services/panels'

/** Every panel of an address (any status but deleted), most recently used first. */
export async function panelsOfAddress(email: string): Promise<PanelRef[]> {
  const panels = await panelsForEmail(email)
  return panels.map((panel) => ({
    id: panel.id,
    organizationId: panel.organizationId,
    email: panel.email,
    name: panel.name ?? null,
    role: panel.role,
    status: panel.status,
    hasPassword: isUsablePasswordHash(panel.password),
  }))
}

/**
 * Opens a session on a panel (`tokenName` marks how it was opened, e.g. `oidc`): what every
 * log-in answers (the kernel schema `schemas.session`).
 */
export async function openPanelSession(panelId: number, tokenName: string) {
  return openSession(await User.findOrFail(panelId), tokenName)
}
