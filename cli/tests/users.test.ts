/*
 * `affix users …` (team members) through the built binary against a live server with its
 * own database (affix_test_cli_users). Affiliates have no command of their own yet, so the
 * test inserts two straight into that database to assign them.
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

const DATABASE = 'affix_test_cli_users'

let server: TestServer
let workDir: string
let affiliateIds: number[] = []

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

/** Two affiliates of the demo organisation, written directly (no affiliates command yet). */
async function insertAffiliates(): Promise<number[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const org = await client.query('SELECT organization_id FROM users WHERE lower(email) = $1', [DEMO_ADMIN.email])
    const ids: number[] = []
    for (const name of ['First Affiliate', 'Second Affiliate']) {
      const row = await client.query(
        "INSERT INTO users (organization_id, email, password, name, role, status) VALUES ($1, $2, 'not-a-login', $3, 'affiliate', 'active') RETURNING id",
        [org.rows[0].organization_id, `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@affiliates.example`, name]
      )
      ids.push(Number(row.rows[0].id))
    }
    return ids
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/users/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-users-'))
  server = await startTestServer({ database: DATABASE })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  affiliateIds = await insertAffiliates()
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix users (team members)', () => {
  let memberId = 0
  const email = `ana-${Date.now()}@team.example`

  it('creates a team member with --json; the member is invited to set a password of their own', async () => {
    const result = await affix([
      'users',
      'create',
      '--email',
      email,
      '--name',
      'Ana Souza',
      '--role',
      'afm',
      '--affiliates-scope',
      'assigned',
      '--report',
      'campaign',
      '--json',
    ])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(result.stdout).not.toContain('$scrypt')
    expect(result.stdout).not.toContain('password')
    const member = JSON.parse(result.stdout)
    expect(member).toMatchObject({
      email,
      name: 'Ana Souza',
      role: 'afm',
      status: 'active',
      reportScope: { affiliates: 'assigned', campaigns: null, reports: ['campaign'] },
    })
    memberId = member.id

    const human = await affix([
      'users',
      'create',
      '--email',
      `bruno-${Date.now()}@team.example`,
      '--name',
      'Bruno Lima',
      '--role',
      'adm',
    ])
    expect(human.exitCode, human.stderr).toBe(0)
    expect(human.stdout).toMatch(/Created team member #\d+ bruno-.*; an invitation was mailed to set a password\./)
    expect(human.stdout).toContain('Role:')
  })

  it('lists with filters, as a table and as JSON', async () => {
    const afms = await affixJson<Array<{ id: number; email: string; role: string }>>([
      'users',
      'list',
      '--role',
      'afm',
      '--sort',
      'id',
    ])
    // The demo network's two affiliate managers, then the new one.
    expect(afms.map((row) => row.email)).toEqual(['carla.mendes@demo.affix.dev', 'emre.demir@demo.affix.dev', email])
    expect(afms[2].id).toBe(memberId)
    const disabled = await affixJson<unknown[]>(['users', 'list', '--status', 'disabled'])
    expect(disabled).toEqual([])
    const table = await affix(['users', 'list', '--sort', 'name'])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain('EMAIL')
    expect(table.stdout).toContain(email)
    // The demo network's team of four and the two members created above.
    expect(table.stdout).toContain('Showing 1-6 of 6 team members.')
    const badRole = await affix(['users', 'list', '--role', 'admin'])
    expect(badRole.exitCode).toBe(2)
  })

  it('assigns and unassigns affiliates; get shows them', async () => {
    const assigned = await affixJson<Array<{ id: number }>>([
      'users',
      'assign',
      String(memberId),
      '--affiliate',
      String(affiliateIds[0]),
      '--affiliate',
      String(affiliateIds[1]),
    ])
    expect(assigned.map((row) => row.id)).toEqual(affiliateIds)
    const shown = await affixJson(['users', 'get', String(memberId)])
    expect(shown).toMatchObject({ id: memberId, affiliateCount: 2 })
    expect(shown.affiliates.map((row: { id: number }) => row.id)).toEqual(affiliateIds)
    const human = await affix(['users', 'get', String(memberId)])
    expect(human.stdout).toContain('Assigned affiliates:')
    expect(human.stdout).toContain('First Affiliate')

    const left = await affixJson<Array<{ id: number }>>([
      'users',
      'unassign',
      String(memberId),
      '--affiliate',
      String(affiliateIds[0]),
    ])
    expect(left.map((row) => row.id)).toEqual([affiliateIds[1]])

    const wrong = await affix(['users', 'assign', String(memberId), '--affiliate', '999999'])
    expect(wrong.exitCode).toBe(1)
    expect(wrong.stderr).toContain('These ids are not affiliates of your organisation: 999999')
  })

  it('updates some fields and refuses an empty update', async () => {
    const updated = await affixJson([
      'users',
      'update',
      String(memberId),
      '--name',
      'Ana S. Souza',
      '--contact',
      '+55 11 91234-5678',
      '--all-reports',
    ])
    expect(updated).toMatchObject({
      name: 'Ana S. Souza',
      contactNumber: '+55 11 91234-5678',
      reportScope: { reports: null },
    })
    const disabled = await affixJson(['users', 'update', String(memberId), '--status', 'disabled', '--contact', ''])
    expect(disabled).toMatchObject({ status: 'disabled', contactNumber: null })
    const nothing = await affix(['users', 'update', String(memberId)])
    expect(nothing.exitCode).toBe(2)
    expect(nothing.stderr).toContain('Nothing to update.')
  })

  it("shows the server's translated validation messages and exits 1", async () => {
    const badEmail = await affix(['users', 'create', '--email', 'not-an-email', '--name', 'Weak', '--role', 'adm'], {
      AFFIX_LOCALE: 'pt',
    })
    expect(badEmail.exitCode).toBe(1)
    expect(badEmail.stderr).toContain('E-mail deve ser um e-mail válido')
    // Passwords are the person's own: the command has no --password any more.
    const password = await affix([
      'users',
      'create',
      '--email',
      'p@team.example',
      '--name',
      'P',
      '--role',
      'adm',
      '--password',
      'x',
    ])
    expect(password.exitCode).toBe(2)
    const taken = await affix(['users', 'create', '--email', email.toUpperCase(), '--name', 'Again', '--role', 'adm'])
    expect(taken.exitCode).toBe(1)
    expect(taken.stderr).toContain('Username is already taken')
    const phone = await affix(['users', 'update', String(memberId), '--contact', 'call me', '--json'])
    expect(phone.exitCode).toBe(1)
    expect(JSON.parse(phone.stdout).error).toMatchObject({ status: 422, message: 'Invalid phone number' })
  })

  it('deletes a member; it is gone afterwards', async () => {
    const deleted = await affixJson(['users', 'delete', String(memberId)])
    expect(deleted).toMatchObject({ id: memberId, status: 'deleted' })
    const gone = await affix(['users', 'get', String(memberId)])
    expect(gone.exitCode).toBe(1)
    expect(gone.stderr).toContain('Sorry, the page you visited does not exist.')
  })

  it('documents every command with examples', async () => {
    for (const command of ['list', 'get', 'create', 'update', 'delete', 'assign', 'unassign']) {
      const help = await affix(['users', command, '--help'])
      expect(help.exitCode, command).toBe(0)
      expect(help.stdout, command).toContain('EXAMPLES')
      expect(help.stdout, command).toContain(`affix users ${command}`)
    }
  })
})
