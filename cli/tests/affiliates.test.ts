/*
 * `affix affiliates …` through the built binary against a live server with its own database
 * (affix_test_cli_aff), seeded with the demo organisation and its demo affiliates.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const DATABASE = 'affix_test_cli_aff'
const DEMO_AFFILIATE = { email: 'affiliate@demo.affix.dev', password: 'Demo#1234' }

let server: TestServer
let workDir: string

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/affiliates/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-aff-'))
  server = await startTestServer({ database: DATABASE })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix affiliates', () => {
  it('lists the demo affiliates with filters, search and paging', async () => {
    // The five hand-written demo affiliates (the generated network's addresses are @partners.demo.affix.dev).
    const named = ['--q', '@demo.affix.dev']
    const all = await affixJson<any[]>(['affiliates', 'list', ...named, '--sort', 'name'])
    expect(all.map((affiliate) => affiliate.name)).toEqual([
      'Ana Souza',
      'John Smith',
      'Lucas Pereira',
      'Maria Garcia',
      'Mehmet Yılmaz',
    ])
    const ana = all[0]
    expect(ana.paymentDetails).toMatchObject({ defaultMethod: 'cpf', cpf: '52998224725' })

    const brazil = await affixJson<any[]>([
      'affiliates',
      'list',
      ...named,
      '--country',
      'br',
      '--status',
      'active',
      '--sort',
      '-name',
    ])
    expect(brazil.map((affiliate) => affiliate.name)).toEqual(['Lucas Pereira', 'Ana Souza'])
    const several = await affixJson<any[]>([
      'affiliates',
      'list',
      ...named,
      '--status',
      'pending',
      '--status',
      'rejected',
      '--sort',
      'name',
    ])
    expect(several.map((affiliate) => affiliate.status)).toEqual(['rejected', 'pending'])
    const referred = await affixJson<any[]>(['affiliates', 'list', '--referred-by', String(ana.id)])
    expect(referred.map((affiliate) => affiliate.name)).toEqual(['Lucas Pereira'])
    const searched = await affixJson<any[]>(['affiliates', 'list', '--q', 'souza media'])
    expect(searched.map((affiliate) => affiliate.id)).toEqual([ana.id])

    const table = await affix(['affiliates', 'list', ...named, '--sort', 'name', '--limit', '2', '--page', '2'])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain('Lucas Pereira')
    expect(table.stdout).toContain('Showing 3-4 of 5 affiliates.')
  })

  it('creates and shows an affiliate; refusals carry the server message and exit 1', async () => {
    const created = await affixJson([
      'affiliates',
      'create',
      '--email',
      'cli.partner@media.example',
      '--name',
      'CLI Partner',
      '--country',
      'pt',
      '--currency',
      'eur',
      '--fee-percent',
      '7.5',
      '--tag',
      'cli',
      '--tag',
      'seo',
      '--payment-method',
      'paypal',
      '--paypal-email',
      'pay@media.example',
      '--no-email-notification',
    ])
    expect(created).toMatchObject({
      email: 'cli.partner@media.example',
      status: 'active',
      country: 'PT',
      currency: 'EUR',
      feePercent: '7.50',
      tags: ['cli', 'seo'],
      emailNotification: false,
      hasPassword: false,
    })
    expect(created.paymentDetails).toMatchObject({ defaultMethod: 'paypal', paypalEmail: 'pay@media.example' })
    expect(created.referralLink).toMatch(new RegExp(`/register/affiliate/\\d+\\?ref=${created.id}$`))

    const shown = await affix(['affiliates', 'get', String(created.id)])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toContain('CLI Partner')
    expect(shown.stdout).toMatch(/Payment method:\s+paypal/)
    expect(shown.stdout).toMatch(/Panel password:\s+not set/)

    const taken = await affix([
      'affiliates',
      'create',
      '--email',
      'CLI.partner@media.example',
      '--name',
      'Again',
      '--json',
    ])
    expect(taken.exitCode).toBe(1)
    expect(JSON.parse(taken.stdout).error).toMatchObject({ status: 422, message: 'Username is already taken' })

    const bank = await affix(
      [
        'affiliates',
        'create',
        '--email',
        'bank@media.example',
        '--name',
        'Bank',
        '--payment-method',
        'bank',
        '--bank-name',
        'Itaú',
      ],
      { AFFIX_LOCALE: 'pt' }
    )
    expect(bank.exitCode).toBe(1)
    expect(bank.stderr).toContain('Nome da conta é obrigatório')

    const cpf = await affix([
      'affiliates',
      'create',
      '--email',
      'cpf@media.example',
      '--name',
      'Cpf',
      '--payment-method',
      'cpf',
      '--cpf',
      '11111111111',
      '--json',
    ])
    expect(cpf.exitCode).toBe(1)
    expect(JSON.parse(cpf.stdout).error.fields).toContainEqual(
      expect.objectContaining({
        field: 'paymentDetails.cpf',
        message: 'Invalid CPF: it must have 11 digits with valid check digits',
      })
    )

    const missing = await affix(['affiliates', 'get', '999999'])
    expect(missing.exitCode).toBe(1)
  })

  it('exports to a file without secrets, and to stdout', async () => {
    const file = join(workDir, 'affiliates.csv')
    const result = await affixJson(['affiliates', 'export', '--status', 'active', '--sort', 'name', '--out', file])
    expect(result).toMatchObject({ file, rows: expect.any(Number) })
    const csv = await readFile(file, 'utf8')
    const lines = csv.trimEnd().split('\n')
    expect(lines[0]).toContain('email')
    expect(lines).toHaveLength(result.rows + 1)
    expect(csv).toContain('affiliate@demo.affix.dev')
    expect(csv).not.toContain('mehmet')
    for (const secret of ['52998224725', 'password', 'cpf', 'scrypt']) expect(csv.toLowerCase()).not.toContain(secret)

    const printed = await affix(['affiliates', 'export', '--q', 'Lucas'])
    expect(printed.exitCode, printed.stderr).toBe(0)
    expect(printed.stdout.trimEnd().split('\n')).toHaveLength(2)
    expect(printed.stdout).toContain('lucas.pereira@demo.affix.dev')
  })

  it('an affiliate cannot list affiliates', async () => {
    const config = { AFFIX_CONFIG_DIR: join(workDir, 'affiliate-config') }
    const login = await affix(['login', '--email', DEMO_AFFILIATE.email, '--password', DEMO_AFFILIATE.password], config)
    expect(login.exitCode, login.stderr).toBe(0)
    const refused = await affix(['affiliates', 'list', '--json'], config)
    expect(refused.exitCode).toBe(1)
    expect(JSON.parse(refused.stdout).error.status).toBe(403)
  })
})
