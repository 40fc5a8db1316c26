/* The superadmin's account form: what it starts from and the PATCH body it sends (only what changed). */
import { describe, expect, it } from 'vitest'
import { toAccountForm, toAccountPatch, type AccountDetail } from '../../../plugins/superadmin/admin/accounts'

const account = {
  id: 7,
  name: 'Acme',
  type: 'parent',
  ownerEmail: 'owner@acme.example',
  usersCount: 3,
  billingState: 'active',
  panelLocked: false,
  onboardingPending: false,
  createdAt: null,
  verifiedAt: null,
  organization: { features: { edl: true }, preferences: { timezone: 'America/Sao_Paulo' } },
  parent: null,
  owner: null,
  admins: [],
  children: [],
  plugins: [],
  counts: { users: 3, children: 0, byRole: {} },
} as AccountDetail

describe('superadmin account form', () => {
  it('starts from the organisation’s time zone (UTC only when it has none)', () => {
    expect(toAccountForm(account).timezone).toBe('America/Sao_Paulo')
    expect(toAccountForm({ ...account, organization: {} }).timezone).toBe('UTC')
  })

  it('sends the time zone only when the superadmin changed it', () => {
    const before = toAccountForm(account)
    expect(toAccountPatch({ ...before }, before)).toEqual({})
    expect(toAccountPatch({ ...before, timezone: 'Europe/Istanbul', panelLocked: true }, before)).toEqual({
      timezone: 'Europe/Istanbul',
      panelLocked: true,
    })
  })
})
