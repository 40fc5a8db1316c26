import { describe, expect, it } from 'vitest'
import { toBrandPayload } from '../../../plugins/brands/admin/brands/validation'

describe('brand form', () => {
  it('sends writable fields only, never a password (a brand stores none: its people choose their own)', () => {
    const record = {
      id: 3,
      name: 'Playwright Casino',
      email: null,
      status: 'active',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      managerId: null,
    }
    expect(toBrandPayload({ ...record, password: 'Play#1234' })).toEqual({
      name: 'Playwright Casino',
      email: null,
      status: 'active',
    })
  })
})
