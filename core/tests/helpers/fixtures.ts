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

/** A CSV file body for upload tests. */
export function csv(lines: string[]): Buffer {
  return Buffer.from(lines.join('\n') + '\n')
}
