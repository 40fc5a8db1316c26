import { test } from '@japa/runner'
import { abilitiesFor, validateCatalogue, type PermissionDefinition } from '#kernel/permissions'

const catalogue: PermissionDefinition[] = [
  {
    subject: 'conversion_report',
    actions: ['read'],
    grants: { admin: ['read'], affiliate: ['read'] },
    requiresAnyFlag: ['an_cr', 'an_cl'],
  },
  {
    subject: 'referral',
    actions: ['read'],
    grants: { admin: ['read'], affiliate: ['read'] },
    hiddenWhen: [
      { flag: 'drr_admin', roles: ['admin'] },
      { flag: 'drr_aff', roles: ['affiliate'] },
    ],
  },
  {
    subject: 'deep_links',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], affiliate: ['read'] },
    requiresAnyFlag: ['edl'],
  },
]
const subjects = (role: 'admin' | 'affiliate', features: Record<string, boolean>) =>
  abilitiesFor(catalogue, { role, features }).map((a) => `${a.subject}:${a.action}`)

test.group('permission catalogue', () => {
  test('feature flags add and hide subjects (spec §6 feature filters)', ({ assert }) => {
    assert.deepEqual(subjects('admin', {}), ['referral:read'])
    assert.deepEqual(subjects('admin', { an_cl: true, edl: true }), [
      'conversion_report:read',
      'referral:read',
      'deep_links:read',
      'deep_links:manage',
    ])
    assert.deepEqual(subjects('admin', { drr_admin: true }), [])
    assert.deepEqual(subjects('affiliate', { drr_admin: true }), ['referral:read'])
    assert.deepEqual(subjects('affiliate', { drr_aff: true, edl: true }), ['deep_links:read'])
  })

  test('a grant of an undeclared action, an unknown role or a duplicate subject is refused', ({ assert }) => {
    assert.throws(
      () => validateCatalogue([{ subject: 's', actions: ['read'], grants: { admin: ['manage'] } }]),
      'Permission "s" grants "admin" undeclared action "manage"'
    )
    assert.throws(
      () => validateCatalogue([{ subject: 's', actions: ['read'], grants: { root: ['read'] } as any }]),
      'Permission "s" grants unknown role "root"'
    )
    assert.throws(
      () =>
        validateCatalogue([
          { subject: 's', actions: [], grants: {} },
          { subject: 's', actions: [], grants: {} },
        ]),
      'Permission subject "s" is declared twice'
    )
  })
})
