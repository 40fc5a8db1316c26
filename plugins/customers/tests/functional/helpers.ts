/* Fixtures of the customers plugin's tests: an organisation with brands, campaigns, affiliates. */
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

export type Tenant = Awaited<ReturnType<typeof createTenant>>

export async function organization(options: { timezone?: string; maskCustomerId?: boolean; brands?: number } = {}) {
  const tenant = await createTenant('admin')
  if (options.timezone || options.maskCustomerId) {
    await db
      .from('organizations')
      .where('id', tenant.org.id)
      .update({
        preferences: JSON.stringify({
          ...(options.timezone ? { timezone: options.timezone } : {}),
          ...(options.maskCustomerId ? { maskCustomerId: true } : {}),
        }),
      })
  }
  const brandIds: number[] = []
  for (let i = 0; i < (options.brands ?? 1); i++) {
    const [brand] = await db
      .table('brands')
      .insert({ organization_id: tenant.org.id, name: `Brand ${i} ${Date.now()}`, status: 'active' })
      .returning('id')
    brandIds.push(brand.id)
  }
  return { tenant, orgId: tenant.org.id as number, brandId: brandIds[0], brandIds }
}

export async function campaign(
  orgId: number,
  brandId: number,
  overrides: Record<string, unknown> = {}
): Promise<number> {
  const [row] = await db
    .table('campaigns')
    .insert({
      organization_id: orgId,
      brand_id: brandId,
      title: `Campaign ${Date.now()}`,
      status: 'active',
      visibility: 'public',
      default_url: 'https://brand.example/?c={click_id}',
      currency: 'USD',
      ...overrides,
    })
    .returning('id')
  return row.id
}

export async function affiliate(orgId: number) {
  return addUser(orgId, 'affiliate')
}

/** A conversion cap on a campaign. */
export async function cap(
  orgId: number,
  campaignId: number,
  variable: string,
  limits: Record<string, number>,
  options: { type?: string; action?: string } = {}
) {
  const [row] = await db
    .table('campaign_caps')
    .insert({
      organization_id: orgId,
      campaign_id: campaignId,
      variable,
      type: options.type ?? 'combined',
      visibility: 'public',
      action: options.action ?? 'reject_activity',
      hourly: limits.hourly ?? null,
      daily: limits.daily ?? null,
      fifteen_days: limits.fifteenDays ?? null,
      monthly: limits.monthly ?? null,
      lifetime: limits.lifetime ?? null,
    })
    .returning('id')
  return row.id as number
}

export function registerBatch(client: any, token: string, rows: unknown[], locale = 'en') {
  return client
    .post('/api/v1/customers/customers/batch')
    .bearerToken(token)
    .header('accept-language', locale)
    .json({ rows })
}

export function activityBatch(client: any, token: string, rows: unknown[], locale = 'en') {
  return client
    .post('/api/v1/customers/activity/batch')
    .bearerToken(token)
    .header('accept-language', locale)
    .json({ rows })
}

export const today = () => new Date().toISOString().slice(0, 10)
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

/** Waits until the accepted postbacks have been processed (the inbox is empty once their batch committed). */
export async function postbacksProcessed(timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [{ n }] = await db.from('customer_postback_inbox').count('* as n')
    if (Number(n) === 0) return
    if (Date.now() > deadline) throw new Error(`${n} postbacks still waiting in the inbox`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
