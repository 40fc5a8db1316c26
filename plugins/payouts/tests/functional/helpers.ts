/*
 * Fixtures of the ledger's API tests: an organisation with a brand, a campaign and
 * affiliates (set up directly: only the tables are needed), then everything on the money
 * path through the HTTP API — the payout plan, customers, activity, closes, approvals and
 * statements. The ledger computes in the job worker: `settled` waits until it is idle.
 */
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

export const API = '/api/v1/payouts'

// Deferred (provisional-only) recomputations wait this long in the tests, not the 10 s default.
process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS ??= '200'
export type Tenant = Awaited<ReturnType<typeof createTenant>>

export async function organization(options: { timezone?: string; weekStart?: string } = {}) {
  const tenant = await createTenant('admin')
  if (options.timezone || options.weekStart)
    await db
      .from('organizations')
      .where('id', tenant.org.id)
      .update({
        preferences: JSON.stringify({
          ...(options.timezone ? { timezone: options.timezone } : {}),
          ...(options.weekStart ? { weekStartDay: options.weekStart } : {}),
        }),
      })
  const [brand] = await db
    .table('brands')
    .insert({ organization_id: tenant.org.id, name: `Brand ${Date.now()}`, status: 'active' })
    .returning('id')
  return { tenant, orgId: tenant.org.id as number, brandId: Number(brand.id) }
}

export async function campaign(orgId: number, brandId: number, currency = 'USD') {
  const [row] = await db
    .table('campaigns')
    .insert({
      organization_id: orgId,
      brand_id: brandId,
      title: `Campaign ${Date.now()}-${Math.random()}`,
      status: 'active',
      visibility: 'public',
      default_url: 'https://brand.example/?c={click_id}',
      currency,
    })
    .returning('id')
  return Number(row.id)
}

export async function affiliate(orgId: number, profile: { negativeCarryover?: boolean; referredBy?: number } = {}) {
  const user = await addUser(orgId, 'affiliate')
  if (profile.negativeCarryover !== undefined || profile.referredBy !== undefined)
    await db
      .insertQuery()
      .table('affiliate_profiles')
      .insert({
        user_id: user.user.id,
        organization_id: orgId,
        negative_carryover: profile.negativeCarryover ?? false,
        referred_by: profile.referredBy ?? null,
      })
  return user
}

export async function setPlan(client: any, token: string, campaignId: number, plan: Record<string, unknown>) {
  const response = await client.put(`/api/v1/campaigns/campaigns/${campaignId}/payout`).bearerToken(token).json(plan)
  if (response.status() !== 200) throw new Error(`plan refused: ${JSON.stringify(response.body())}`)
  return response.body().data
}

export async function register(client: any, token: string, rows: unknown[]) {
  const response = await client.post('/api/v1/customers/customers/batch').bearerToken(token).json({ rows })
  if (response.status() !== 200 || response.body().data.summary.error)
    throw new Error(`registration refused: ${JSON.stringify(response.body())}`)
  return response.body().data
}

export async function activity(client: any, token: string, rows: unknown[]) {
  const response = await client.post('/api/v1/customers/activity/batch').bearerToken(token).json({ rows })
  if (response.status() !== 200 || response.body().data.summary.error)
    throw new Error(`activity refused: ${JSON.stringify(response.body())}`)
  return response.body().data
}

/** Waits until the ledger has nothing left to compute for the organisation (queue and dirty set empty). */
export async function settled(orgId: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await db.rawQuery(
      `SELECT (SELECT count(*) FROM payouts_dirty_customers WHERE organization_id = ?)::int
            + (SELECT count(*) FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                WHERE t.identifier LIKE 'payouts:%' AND (j.payload->>'organizationId')::int = ?)::int AS pending`,
      [orgId, orgId]
    )
    if (rows[0].pending === 0) return
    if (Date.now() > deadline) throw new Error('the ledger did not settle')
    await new Promise((done) => setTimeout(done, 100))
  }
}

export async function rows(client: any, token: string, query: Record<string, unknown> = {}) {
  const response = await client
    .get(`${API}/rows`)
    .bearerToken(token)
    .qs({ limit: 500, ...query })
  if (response.status() !== 200) throw new Error(`rows refused: ${JSON.stringify(response.body())}`)
  return response.body().data as Array<Record<string, any>>
}

/** The rows as `type:amount:status`, sorted (easy to compare). */
export const brief = (list: Array<Record<string, any>>) =>
  list.map((row) => `${row.type}:${row.amount}:${row.status}`).sort()
