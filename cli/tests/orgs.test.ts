/*
 * `affix orgs …` against a live server (fresh database affix_test_cli_orgs). The demo data
 * has no superadmin, so the suite adds one straight into the server's database (an own
 * organisation and panel, with the demo admin's password hash).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const BIN = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const DATABASE = 'affix_test_cli_orgs'
const SUPERADMIN_EMAIL = 'root@platform.affix.dev'

let server: TestServer
let workDir: string
let adminConfig: string
let superConfig: string

function affix(args: string[], configDir: string, env: Record<string, string> = {}) {
  return new Promise<{ exitCode: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: workDir,
        env: {
          ...process.env,
          AFFIX_CONFIG_DIR: configDir,
          AFFIX_URL: server.url,
          AFFIX_LOCALE: 'en',
          NO_COLOR: '1',
          AFFIX_PASSWORD: '',
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
    )
  })
}

async function affixJson<T = any>(args: string[], configDir: string): Promise<T> {
  const result = await affix([...args, '--json'], configDir)
  expect(result.exitCode, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as T
}

async function addSuperadmin() {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const { rows: admin } = await client.query('SELECT password FROM users WHERE lower(email) = $1', [DEMO_ADMIN.email])
    const { rows: org } = await client.query(
      "INSERT INTO organizations (name, type, panel_type) VALUES ('Affix Platform', 'parent', 'network') RETURNING id"
    )
    await client.query(
      "INSERT INTO users (organization_id, email, password, role, status, name) VALUES ($1, $2, $3, 'superadmin', 'active', 'Platform root')",
      [org[0].id, SUPERADMIN_EMAIL, admin[0].password]
    )
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/orgs/get.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-orgs-'))
  adminConfig = join(workDir, 'admin')
  superConfig = join(workDir, 'super')
  server = await startTestServer({ database: DATABASE })
  await addSuperadmin()
  for (const [email, dir] of [
    [DEMO_ADMIN.email, adminConfig],
    [SUPERADMIN_EMAIL, superConfig],
  ] as const) {
    const login = await affix(['login', '--email', email, '--password', DEMO_ADMIN.password], dir)
    expect(login.exitCode, login.stderr).toBe(0)
  }
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix orgs', () => {
  it('get and update the organisation', async () => {
    const org = await affixJson(['orgs', 'get'], adminConfig)
    expect(org).toMatchObject({ name: 'Demo Casino Network', type: 'parent', preferences: { currency: 'BRL' } })
    const human = await affix(['orgs', 'get'], adminConfig)
    expect(human.stdout).toMatch(/^Name:\s+Demo Casino Network$/m)

    const updated = await affixJson(
      ['orgs', 'update', '--name', 'Demo Casino Group', '--currency', 'eur', '--week-start-day', 'sunday'],
      adminConfig
    )
    expect(updated).toMatchObject({
      name: 'Demo Casino Group',
      preferences: { currency: 'EUR', weekStartDay: 'sunday' },
    })

    const wrong = await affix(['orgs', 'update', '--currency', 'XYZ'], adminConfig)
    expect(wrong.exitCode).toBe(1)
    expect(wrong.stderr).toContain('Please select a value')
    const nothing = await affix(['orgs', 'update'], adminConfig)
    expect(nothing.exitCode).toBe(2)
    expect(nothing.stderr).toContain('Nothing to update.')
  })

  it('create-child, children, restrict and the timeline', async () => {
    const child = await affixJson(
      [
        'orgs',
        'create-child',
        '--name',
        'Demo Child BR',
        '--admin-email',
        'child-admin@demo.affix.dev',
        '--timezone',
        'America/Sao_Paulo',
      ],
      adminConfig
    )
    expect(child).toMatchObject({ name: 'Demo Child BR', type: 'child' })
    expect(child.preferences.timezone).toBe('America/Sao_Paulo')
    const human = await affix(
      ['orgs', 'create-child', '--name', 'Invalid', '--admin-email', 'not-an-email'],
      adminConfig
    )
    expect(human.exitCode).toBe(1)
    expect(human.stderr).toContain('Admin email must be a valid email address')
    // The parent never chooses the child admin's password: the command has no --password.
    const password = await affix(
      ['orgs', 'create-child', '--name', 'Weak', '--admin-email', 'weak@demo.affix.dev', '--password', 'Child#1234'],
      adminConfig
    )
    expect(password.exitCode).toBe(2)

    const children = await affixJson<Array<{ id: number; name: string }>>(['orgs', 'children'], adminConfig)
    expect(children.map((row) => row.name)).toEqual(['Demo Child BR'])
    expect((await affix(['orgs', 'children'], adminConfig)).stdout).toMatch(/^ID\s+NAME\s+TYPE/m)

    const restricted = await affixJson(
      [
        'orgs',
        'restrict',
        String(child.id),
        '--disable-product-changes',
        '--max-products-per-brand',
        '5',
        '--disable-integration',
        'apptrove',
      ],
      adminConfig
    )
    expect(restricted.restrictions).toEqual({
      disableProductChanges: true,
      maxProductsPerBrand: 5,
      disabledIntegrations: ['apptrove'],
      disableAffiliateInvoices: false,
    })
    const lifted = await affixJson(
      ['orgs', 'restrict', String(child.id), '--unlimited-products', '--disable-integration', 'none'],
      adminConfig
    )
    expect(lifted.restrictions).toMatchObject({
      disableProductChanges: true,
      maxProductsPerBrand: null,
      disabledIntegrations: [],
    })
    const notMine = await affix(['orgs', 'restrict', '999999', '--disable-product-changes'], adminConfig)
    expect(notMine.exitCode).toBe(1)
    expect(notMine.stderr).toContain('Sorry, the page you visited does not exist.')
    expect((await affix(['orgs', 'restrict', String(child.id)], adminConfig)).exitCode).toBe(2)

    const timeline = await affixJson<Array<{ action: string }>>(['orgs', 'timeline'], adminConfig)
    expect(timeline.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['organization.updated', 'organization.child_created'])
    )
    const filtered = await affixJson<Array<{ action: string }>>(
      ['orgs', 'timeline', '--action', 'organization.child_created'],
      adminConfig
    )
    expect(filtered.map((entry) => entry.action)).toEqual(['organization.child_created'])
  })

  it('accounts and verify are for superadmins', async () => {
    const refused = await affix(['orgs', 'accounts'], adminConfig)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('Sorry, you are not authorized to access this page.')

    const accounts = await affixJson<
      Array<{ id: number; name: string; ownerEmail: string | null; verifiedAt: string | null }>
    >(['orgs', 'accounts', '--q', 'demo', '--sort', 'name'], superConfig)
    expect(accounts.map((row) => row.name)).toEqual(['Demo Casino Group', 'Demo Child BR'])
    expect(accounts[0]).toMatchObject({ ownerEmail: DEMO_ADMIN.email, verifiedAt: null })

    const verified = await affixJson(['orgs', 'verify', String(accounts[1].id)], superConfig)
    expect(verified).toMatchObject({
      id: accounts[1].id,
      owner: { email: 'child-admin@demo.affix.dev', status: 'active' },
    })
    expect(verified.verifiedAt).toEqual(expect.any(String))
    const unverified = await affixJson<Array<{ name: string }>>(
      ['orgs', 'accounts', '--q', 'demo', '--verified', 'false'],
      superConfig
    )
    expect(unverified.map((row) => row.name)).toEqual(['Demo Casino Group'])
    const table = await affix(['orgs', 'accounts', '--verified', 'true'], superConfig)
    expect(table.stdout).toMatch(/^ID\s+NAME\s+TYPE\s+OWNER/m)
    expect(table.stdout).toContain('Showing 1-1 of 1 accounts.')

    const missing = await affix(['orgs', 'verify', '999999', '--json'], superConfig)
    expect(missing.exitCode).toBe(1)
    expect(JSON.parse(missing.stdout).error).toMatchObject({ status: 404 })
    expect((await affix(['orgs', 'verify', '999999'], adminConfig)).stderr).toContain(
      'Sorry, you are not authorized to access this page.'
    )
  })
})
