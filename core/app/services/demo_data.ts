/*
 * Demo data: the organisation "Demo Casino Network" with its admin, then each installed
 * plugin's own demo rows (the brands plugin adds two brands and three products).
 * Idempotent: running it twice changes nothing.
 */
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import User from '#models/user'
import { registry } from '#config/plugins'

export const DEMO_ORGANIZATION = 'Demo Casino Network'
export const DEMO_ADMIN_EMAIL = 'admin@demo.affix.dev'
export const DEMO_ADMIN_PASSWORD = 'Demo#1234'

export async function seedDemo(): Promise<{ created: boolean }> {
  return db.transaction(async (trx) => {
    const existing = await User.query({ client: trx }).whereRaw('lower(email) = ?', [DEMO_ADMIN_EMAIL]).first()
    if (existing) return { created: false }
    const org = await Organization.create(
      { name: DEMO_ORGANIZATION, type: 'parent', panelType: 'network', preferences: { currency: 'BRL', language: 'en' } },
      { client: trx }
    )
    await User.create(
      { organizationId: org.id, email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, name: 'Demo Admin', role: 'admin', status: 'active' },
      { client: trx }
    )
    for (const plugin of registry.ordered) {
      await plugin.seed?.({ organizationId: org.id, hashPassword: (plain) => hash.make(plain), trx })
    }
    return { created: true }
  })
}
