import { randomUUID } from 'node:crypto'
import Organization from '#models/organization'
import User, { type UserRole } from '#models/user'

/** A fresh organisation with one user of the given role, and a bearer token for it. */
export async function createTenant(role: UserRole = 'admin', name = `Org ${randomUUID().slice(0, 8)}`) {
  const org = await Organization.create({ name, type: 'parent', panelType: 'network', preferences: {} })
  const user = await addUser(org.id, role)
  return { org, ...user }
}

export async function addUser(organizationId: number, role: UserRole, status: User['status'] = 'active') {
  const password = 'Test#12345'
  const user = await User.create({
    organizationId,
    email: `${role}-${randomUUID()}@test.affix.dev`,
    password,
    role,
    status,
    name: `${role} user`,
  })
  const token = (await User.accessTokens.create(user)).value!.release()
  return { user, token, password }
}

/**
 * What the person does with the invitation an organisation mailed them: a fresh invitation
 * code for the panel, followed through the real endpoint (POST /auth/password/reset), which
 * sets `password` on every panel of the address. Organisations never set passwords, so a
 * test that needs a member or affiliate to log in arranges it this way.
 */
export async function followInvitation(userId: number, password: string) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { issuePasswordLink } = await import('#services/password_links')
  const code = await db.transaction((trx) => issuePasswordLink(trx, userId, 'invitation'))
  const { configuredBaseUrl } = await import('#kernel/links')
  const response = await fetch(`${configuredBaseUrl()}/api/v1/auth/password/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, password, passwordConfirmation: password }),
  })
  if (response.status !== 200) throw new Error(`invitation not followed: ${response.status} ${await response.text()}`)
}

/** A CSV file body for upload tests. */
export function csv(lines: string[]): Buffer {
  return Buffer.from(lines.join('\n') + '\n')
}
