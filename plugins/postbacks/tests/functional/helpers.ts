/*
 * Fixtures of the postbacks tests: an organisation with a brand, a campaign and affiliates
 * (set up directly: only the tables are needed), real local HTTP receivers, and waiting for
 * the job worker.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

export const API = '/api/v1/postbacks'

export async function organization() {
  const tenant = await createTenant('admin')
  const [brand] = await db
    .table('brands')
    .insert({ organization_id: tenant.org.id, name: `Brand ${Date.now()}`, status: 'active' })
    .returning('id')
  const [campaign] = await db
    .table('campaigns')
    .insert({
      organization_id: tenant.org.id,
      brand_id: brand.id,
      title: `Campaign ${Date.now()}-${Math.random()}`,
      status: 'active',
      visibility: 'public',
      default_url: 'https://brand.example/?c={click_id}',
      currency: 'USD',
    })
    .returning('id')
  return { tenant, orgId: tenant.org.id as number, campaignId: Number(campaign.id) }
}

export const affiliate = (orgId: number) => addUser(orgId, 'affiliate')

export interface Received {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}

/**
 * A local receiver. `answer` decides each response (status, delay in ms); the default is
 * a healthy 200 at once. `requests` keeps everything received.
 */
export async function receiver(
  answer: (request: Received, index: number) => { status: number; delay?: number } = () => ({ status: 200 })
) {
  const requests: Received[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const received: Received = {
        method: request.method!,
        url: new URL(request.url!, 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(received)
      const { status, delay } = answer(received, requests.length - 1)
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain' })
        response.end(status < 300 ? 'OK' : 'Nope')
      }, delay ?? 0)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    requests,
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

/**
 * Nothing of the organisation left for this plugin now: no listener or dispatcher job queued,
 * and no delivery due (the delivery loop runs outside the jobs).
 */
export async function idle(orgId: number) {
  const { rows } = await db.rawQuery(
    `SELECT (SELECT count(*)::int FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
              WHERE t.identifier LIKE 'postbacks:%' AND (j.payload->>'organizationId')::int = ?
                AND j.run_at <= now() + interval '1 second')
          + (SELECT count(*)::int FROM postback_deliveries
              WHERE organization_id = ? AND status IN ('pending', 'retrying') AND next_attempt_at <= now() + interval '1 second')
            AS pending`,
    [orgId, orgId]
  )
  return rows[0].pending === 0
}

export async function settings(client: any, token: string, values: Record<string, unknown>) {
  const response = await client
    .put('/api/v1/plugins/postbacks/settings')
    .bearerToken(token)
    .json({ affiliatesManagePostbacks: true, autoDisableAfter: 100, maxAttempts: 8, retryBaseSeconds: 30, ...values })
  if (response.status() !== 200) throw new Error(`settings refused: ${response.text()}`)
}

export async function register(client: any, token: string, rows: unknown[]) {
  const response = await client.post('/api/v1/customers/customers/batch').bearerToken(token).json({ rows })
  if (response.status() !== 200 || response.body().data.summary.error)
    throw new Error(`registration refused: ${response.text()}`)
  return response.body().data.results as Array<{ id: number }>
}

export const today = () => new Date().toISOString().slice(0, 10)
