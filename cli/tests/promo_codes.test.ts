/*
 * `affix promo-codes …` and `affix deep-links …` through the built binary against a live
 * server with its own database (affix_test_cli_promo). The affiliate is written straight
 * into that database, and the edl feature is switched on there for the deep links.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const DATABASE = 'affix_test_cli_promo'

let server: TestServer
let workDir: string
let affiliateId: number

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

async function withDatabase<T>(work: (client: pg.Client, organizationId: number) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const org = await client.query('SELECT organization_id FROM users WHERE lower(email) = $1', [DEMO_ADMIN.email])
    return await work(client, Number(org.rows[0].organization_id))
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/promo-codes/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-promo-'))
  server = await startTestServer({ database: DATABASE })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  affiliateId = await withDatabase(async (client, organizationId) => {
    const row = await client.query(
      "INSERT INTO users (organization_id, email, password, name, role, status) VALUES ($1, $2, 'not-a-login', 'Promo Affiliate', 'affiliate', 'active') RETURNING id",
      [organizationId, `promo-${Date.now()}@affiliates.example`]
    )
    return Number(row.rows[0].id)
  })
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix promo-codes', () => {
  it('creates, gets, lists by derived status, updates and deletes a code', async () => {
    const created = await affixJson([
      'promo-codes',
      'create',
      '--code',
      'CLI-WELCOME',
      '--bonus',
      '12.5',
      '--currency',
      'eur',
      '--description',
      'From the CLI',
    ])
    expect(created).toMatchObject({
      id: expect.any(Number),
      code: 'CLI-WELCOME',
      bonus: '12.50',
      bonusCurrency: 'EUR',
      status: 'active',
      type: 'generic',
    })

    const human = await affix(['promo-codes', 'get', String(created.id)])
    expect(human.exitCode, human.stderr).toBe(0)
    expect(human.stdout).toContain('CLI-WELCOME')
    expect(human.stdout).toContain('12.50 EUR')

    const future = await affixJson([
      'promo-codes',
      'create',
      '--code',
      'CLI-LATER',
      '--start',
      '2999-01-01',
      '--type',
      'exclusive',
      '--affiliate',
      String(affiliateId),
    ])
    expect(future).toMatchObject({ status: 'future', affiliateId })

    const active = await affixJson<any[]>(['promo-codes', 'list', '--status', 'active', '--q', 'CLI-'])
    expect(active.map((code) => code.code)).toEqual(['CLI-WELCOME'])
    const byAffiliate = await affixJson<any[]>(['promo-codes', 'list', '--affiliate', String(affiliateId)])
    expect(byAffiliate.map((code) => code.code)).toEqual(['CLI-LATER'])
    const table = await affix(['promo-codes', 'list', '--q', 'CLI-'])
    expect(table.stdout).toContain('Showing 1-2 of 2 promo codes.')

    const disabled = await affixJson([
      'promo-codes',
      'update',
      String(created.id),
      '--no-enabled',
      '--exclude',
      String(affiliateId),
    ])
    expect(disabled).toMatchObject({
      status: 'inactive',
      enabled: false,
      affiliateSelection: 'exclude',
      excludedAffiliateIds: [affiliateId],
    })
    const everyone = await affixJson(['promo-codes', 'update', String(created.id), '--all', '--description', ''])
    expect(everyone).toMatchObject({ affiliateSelection: 'all', excludedAffiliateIds: [], description: null })

    const deleted = await affixJson(['promo-codes', 'delete', String(created.id)])
    expect(deleted).toEqual({ id: created.id })
    const gone = await affix(['promo-codes', 'get', String(created.id)])
    expect(gone.exitCode).toBe(1)
    expect(gone.stderr).toContain('Sorry, the page you visited does not exist.')
  })

  it('shows the server rule messages, in the caller language, with exit code 1', async () => {
    const negative = await affix(['promo-codes', 'create', '--code', 'NEG', '--bonus', '-1'])
    expect(negative.exitCode).toBe(1)
    expect(negative.stderr).toContain('Bonus must be at least 0')

    await affixJson(['promo-codes', 'create', '--code', 'TAKEN'])
    const taken = await affix(['promo-codes', 'create', '--code', 'taken', '--json'])
    expect(taken.exitCode).toBe(1)
    expect(JSON.parse(taken.stdout).error).toMatchObject({
      status: 422,
      message: 'A promo code with this code already exists',
      fields: [expect.objectContaining({ field: 'code' })],
    })

    const exclusive = await affix(['promo-codes', 'create', '--code', 'ALONE', '--type', 'one_time', '--json'], {
      AFFIX_LOCALE: 'pt',
    })
    expect(exclusive.exitCode).toBe(1)
    expect(JSON.parse(exclusive.stdout).error.message).toBe(
      'Códigos promocionais exclusivos e de uso único precisam de um afiliado'
    )

    const both = await affix(['promo-codes', 'create', '--code', 'BOTH', '--include', '1', '--exclude', '2'])
    expect(both.exitCode).toBe(2)
    const nothing = await affix(['promo-codes', 'update', '1'])
    expect(nothing.exitCode).toBe(2)
    expect(nothing.stderr).toContain('Nothing to update.')
  })
})

describe('affix deep-links', () => {
  it('is refused without the edl feature, then creates, lists and deletes', async () => {
    // The demo organisation has the feature: take it away first.
    await withDatabase((client, organizationId) =>
      client.query(`UPDATE organizations SET features = COALESCE(features, '{}'::jsonb) - 'edl' WHERE id = $1`, [
        organizationId,
      ])
    )
    const refused = await affix(['deep-links', 'list'])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('Sorry, you are not authorized to access this page.')

    await withDatabase((client, organizationId) =>
      client.query(
        `UPDATE organizations SET features = COALESCE(features, '{}'::jsonb) || '{"edl": true}'::jsonb WHERE id = $1`,
        [organizationId]
      )
    )
    const invalid = await affix(['deep-links', 'create', '--name', 'Bad', '--url', 'not a url'])
    expect(invalid.exitCode).toBe(1)
    expect(invalid.stderr).toContain('Invalid URL')

    const created = await affixJson([
      'deep-links',
      'create',
      '--name',
      'Sportsbook',
      '--url',
      'https://brand.example/sports',
    ])
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'Sportsbook',
      url: 'https://brand.example/sports',
      status: 'active',
    })
    const listed = await affixJson<any[]>(['deep-links', 'list', '--status', 'active'])
    expect(listed.map((link) => link.id)).toContain(created.id)
    const human = await affix(['deep-links', 'list'])
    expect(human.stdout).toContain('https://brand.example/sports')

    expect(await affixJson(['deep-links', 'delete', String(created.id)])).toEqual({ id: created.id })
    const after = await affixJson<any[]>(['deep-links', 'list'])
    expect(after.map((link) => link.id)).not.toContain(created.id)
  })
})
