/*
 * Demo data: the organisation "Demo Casino Network" with its admin and team (a sub-admin,
 * two affiliate managers, an account manager), then each installed plugin's own demo rows
 * through its manifest `seed`, in dependency order, in one transaction. Deterministic: every
 * plugin draws from its own seeded generator and dates rows relative to one "now" in the
 * organisation's zone, so the same size seeded the same day gives the same network.
 * Idempotent: running it twice changes nothing.
 *
 * Sizes: `normal` (every fresh start and test server; a few seconds) and `large`
 * (`npm run seed -- --size large`: thousands of affiliates, millions of clicks).
 * Players, activity, commissions, invoices and postbacks come from their plugins' own
 * `seed` when those plugins land: nothing here needs to change for them.
 */
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Organization from '#models/organization'
import User from '#models/user'
import { installedPlugins } from '#kernel/installed_plugins'
import { DemoRandom } from '#kernel/demo_random'
import { addPanel } from '#kernel/panels'
import type { SeedContext, SeedSize, SeedTeam } from '#kernel/plugin'

export const DEMO_ORGANIZATION = 'Demo Casino Network'
export const DEMO_ADMIN_EMAIL = 'admin@demo.affix.dev'
export const DEMO_ADMIN_PASSWORD = 'Demo#1234'
export const DEMO_TIMEZONE = 'America/Sao_Paulo'

/** The team of the demo network; each can log in with the demo password. */
export const DEMO_TEAM = [
  { email: 'sofia.lima@demo.affix.dev', name: 'Sofia Lima', role: 'sub-admin', assigned: false },
  { email: 'carla.mendes@demo.affix.dev', name: 'Carla Mendes', role: 'afm', assigned: true },
  { email: 'emre.demir@demo.affix.dev', name: 'Emre Demir', role: 'afm', assigned: true },
  { email: 'rafael.costa@demo.affix.dev', name: 'Rafael Costa', role: 'adm', assigned: false },
] as const

export interface SeedOptions {
  size?: SeedSize
  /** The instant treated as now (tests pin it to compare two seeds). */
  now?: Date
  /** Called after each step with its duration. */
  onStep?: (step: string, milliseconds: number) => void
}

/** The context one plugin's seed gets (exported for tests that seed a single plugin). */
export function demoSeedContext(
  trx: TransactionClientContract,
  organizationId: number,
  pluginId: string,
  options: { size?: SeedSize; now?: Date; timezone?: string; team?: SeedTeam } = {}
): SeedContext {
  const timezone = options.timezone ?? DEMO_TIMEZONE
  const now = options.now ?? new Date()
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day')
  return {
    organizationId,
    hashPassword: (plain) => hash.make(plain),
    async giveDemoPassword(userId) {
      await trx
        .from('users')
        .where({ id: userId, organization_id: organizationId })
        .update({ password: await hash.make(DEMO_ADMIN_PASSWORD) })
    },
    trx,
    size: options.size ?? 'normal',
    random: new DemoRandom(`affix-demo:${pluginId}`),
    timezone,
    now,
    today: today.toISODate()!,
    dayAt(daysAgo, time = '12:00') {
      const [hour, minute] = time.split(':').map(Number)
      return today.minus({ days: daysAgo }).set({ hour, minute }).toJSDate()
    },
    team: options.team ?? { adminId: 0, members: [] },
  }
}

async function seedTeam(
  trx: TransactionClientContract,
  organizationId: number,
  adminId: number,
  createdAt: Date
): Promise<SeedTeam> {
  const members: SeedTeam['members'] = []
  for (const member of DEMO_TEAM) {
    const id = await addPanel(
      trx,
      { organizationId, role: member.role, email: member.email, name: member.name, status: 'active', createdAt },
      { invite: false }
    )
    // The demo's own people: the operator seeding its demo sets the known demo password.
    // tenancy: the demo organisation's panels created just above
    await trx
      .from('users')
      .where('id', id)
      .update({
        password: await hash.make(DEMO_ADMIN_PASSWORD),
        ...(member.assigned
          ? { report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) }
          : {}),
      })
    members.push({ id, role: member.role, name: member.name })
  }
  return { adminId, members }
}

export async function seedDemo(options: SeedOptions = {}): Promise<{ created: boolean }> {
  const now = options.now ?? new Date()
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await work()
    options.onStep?.(name, performance.now() - started)
    return result
  }
  return db.transaction(async (trx) => {
    const existing = await User.query({ client: trx }).whereRaw('lower(email) = ?', [DEMO_ADMIN_EMAIL]).first()
    if (existing) return { created: false }
    const { organizationId, team } = await step('core', async () => {
      // The network opened about four months before "now".
      const opened = demoSeedContext(trx, 0, 'core', { now }).dayAt(130, '09:00')
      const openedAt = DateTime.fromJSDate(opened)
      const org = await Organization.create(
        {
          name: DEMO_ORGANIZATION,
          type: 'parent',
          panelType: 'network',
          preferences: { currency: 'BRL', language: 'en', timezone: DEMO_TIMEZONE },
          // Deep links (edl) are part of what the demo shows.
          features: { edl: true },
          createdAt: openedAt,
          updatedAt: openedAt,
        },
        { client: trx }
      )
      const admin = await User.create(
        {
          organizationId: org.id,
          email: DEMO_ADMIN_EMAIL,
          password: DEMO_ADMIN_PASSWORD,
          name: 'Demo Admin',
          role: 'admin',
          status: 'active',
          createdAt: openedAt,
          updatedAt: openedAt,
        },
        { client: trx }
      )
      return { organizationId: org.id, team: await seedTeam(trx, org.id, admin.id, opened) }
    })
    for (const plugin of installedPlugins().ordered) {
      if (!plugin.seed) continue
      const context = demoSeedContext(trx, organizationId, plugin.id, {
        size: options.size,
        now,
        timezone: DEMO_TIMEZONE,
        team,
      })
      await step(plugin.id, () => plugin.seed!(context))
    }
    return { created: true }
  })
}
