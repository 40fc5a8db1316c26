import { describe, expect, it } from 'vitest'
import { PASSWORD_RULE, toBrandPayload } from '../../../plugins/brands/admin/brands/validation'

describe('brand form', () => {
  it('applies the server password rule: 8–32 chars with a letter, a digit and one of #?!@$%^&*-', () => {
    for (const good of ['Demo#1234', 'abcdefg1-', 'Z9@zzzzz']) expect(PASSWORD_RULE.test(good), good).toBe(true)
    for (const bad of ['Demo#12', 'Demo12345', 'demo#demo', '12345678#', `A1#${'x'.repeat(30)}`]) expect(PASSWORD_RULE.test(bad), bad).toBe(false)
  })

  it('sends writable fields only, and the password only when one was typed', () => {
    const record = {
      id: 3,
      name: 'Playwright Casino',
      email: null,
      status: 'active',
      hasPassword: true,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      managerId: null,
    }
    expect(toBrandPayload({ ...record, password: null })).toEqual({ name: 'Playwright Casino', email: null, status: 'active' })
    expect(toBrandPayload({ ...record, password: 'Play#1234' })).toMatchObject({ password: 'Play#1234' })
  })
})
