/*
 * Base Bouncer policy for tenant resources. The full role matrix (spec §6) arrives with
 * the identity work; until then staff (admin, sub-admin) manage, and the other panels of
 * the same organisation may only read what a plugin allows them to.
 */
import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'

const STAFF = new Set(['admin', 'sub-admin', 'superadmin'])

export class TenantPolicy extends BasePolicy {
  protected isStaff(user: User) {
    return STAFF.has(user.role) && user.status === 'active'
  }

  protected sameOrganization(user: User, row: { organizationId: number }) {
    return user.organizationId === row.organizationId
  }
}
