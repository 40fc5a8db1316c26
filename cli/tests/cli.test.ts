/*
 * Runs the built `affix` binary (node cli/bin/run.js) against a real server (fresh database
 * affix_test_cli). Each run gets AFFIX_CONFIG_DIR pointing at a temporary directory, so
 * the session never lands in the repository or the user's real config.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const BIN = fileURLToPath(new URL('../bin/run.js', import.meta.url))

interface RunResult {
  exitCode: number
  stdout: string
  stderr: string
}

let server: TestServer
let workDir: string
let configDir: string

function affix(
  args: string[],
  options: { configDir?: string; cwd?: string; env?: Record<string, string> } = {}
): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AFFIX_CONFIG_DIR: options.configDir ?? configDir,
    AFFIX_URL: server.url,
    AFFIX_LOCALE: 'en',
    NO_COLOR: '1',
    ...options.env,
  }
  if (!options.env?.AFFIX_PASSWORD) delete env.AFFIX_PASSWORD
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: options.cwd ?? workDir, env }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ exitCode, stdout, stderr })
    })
  })
}

/** Runs with --json, expects success and returns the parsed output. */
async function affixJson<T = any>(args: string[], options?: Parameters<typeof affix>[1]): Promise<T> {
  const result = await affix([...args, '--json'], options)
  expect(result.exitCode, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as T
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/login.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-test-'))
  configDir = join(workDir, 'config')
  server = await startTestServer({ database: 'affix_test_cli' })
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix CLI against a live server', () => {
  it('refuses a wrong password with the server message and a non-zero exit', async () => {
    const result = await affix(['login', '--email', DEMO_ADMIN.email, '--password', 'Wrong#1234'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('Invalid email or password.')
    expect(existsSync(join(configDir, 'session.json'))).toBe(false)
  })

  it('needs a login before other commands', async () => {
    const result = await affix(['whoami'])
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toContain('Not logged in.')
  })

  it('logs in with AFFIX_PASSWORD and saves a private session file', async () => {
    const result = await affix(['login', '--email', DEMO_ADMIN.email], { env: { AFFIX_PASSWORD: DEMO_ADMIN.password } })
    expect(result.exitCode, result.stderr).toBe(0)
    expect(result.stdout).toContain(`Logged in to ${server.url} as ${DEMO_ADMIN.email}`)

    const sessionFile = join(configDir, 'session.json')
    expect((await stat(sessionFile)).mode & 0o777).toBe(0o600)
    const session = JSON.parse(await readFile(sessionFile, 'utf8'))
    expect(session).toEqual({ url: server.url, token: expect.stringMatching(/^afx_/) })
    expect(result.stdout).not.toContain(session.token)
  })

  it('whoami --json prints the account', async () => {
    const account = await affixJson(['whoami'])
    expect(account.user.email).toBe(DEMO_ADMIN.email)
    expect(account.org.name).toEqual(expect.any(String))

    const human = await affix(['whoami'])
    expect(human.stdout).toContain(DEMO_ADMIN.email)
  })

  it('creates, lists, gets, updates and deletes a brand with --json', async () => {
    const created = await affixJson([
      'brands',
      'create',
      '--name',
      'CLI Test Brand',
      '--email',
      'cli@brand.example',
      '--website',
      'https://cli.example',
    ])
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'CLI Test Brand',
      email: 'cli@brand.example',
      status: 'active',
    })

    const listed = await affixJson<Array<{ name: string }>>(['brands', 'list', '--sort', 'name'])
    expect(listed.map((brand) => brand.name)).toEqual(['CLI Test Brand', 'Lucky Spin Casino', 'Royal Bet'])
    const secondPage = await affixJson<Array<{ name: string }>>([
      'brands',
      'list',
      '--sort',
      '-name',
      '--limit',
      '1',
      '--page',
      '2',
    ])
    expect(secondPage.map((brand) => brand.name)).toEqual(['Lucky Spin Casino'])
    const searched = await affixJson<Array<{ name: string }>>([
      'brands',
      'list',
      '--q',
      'cli test',
      '--status',
      'active',
    ])
    expect(searched.map((brand) => brand.name)).toEqual(['CLI Test Brand'])
    const table = await affix(['brands', 'list', '--limit', '2'])
    expect(table.stdout).toMatch(/^ID\s+NAME\s+STATUS/m)
    expect(table.stdout).toContain('Showing 1-2 of 3 brands.')

    const fetched = await affixJson(['brands', 'get', String(created.id)])
    expect(fetched).toMatchObject({ id: created.id, name: 'CLI Test Brand' })

    const updated = await affixJson([
      'brands',
      'update',
      String(created.id),
      '--status',
      'inactive',
      '--email',
      '',
      '--contact',
      '+44 20 7946 0000',
    ])
    expect(updated).toMatchObject({
      id: created.id,
      status: 'inactive',
      email: null,
      contact: '+44 20 7946 0000',
      website: 'https://cli.example',
    })
    const inactive = await affixJson<Array<{ id: number }>>(['brands', 'list', '--status', 'inactive'])
    expect(inactive.map((brand) => brand.id)).toEqual([created.id])

    expect(await affixJson(['brands', 'delete', String(created.id)])).toEqual({ id: created.id })
    const remaining = await affixJson<Array<{ name: string }>>(['brands', 'list'])
    expect(remaining.map((brand) => brand.name)).not.toContain('CLI Test Brand')
  })

  it('shows validation errors from the server, as text and as --json', async () => {
    const text = await affix(['brands', 'create', '--name', 'Royal Bet'])
    expect(text.exitCode).toBe(1)
    expect(text.stderr).toContain('A brand with this name already exists')

    const json = await affix(['brands', 'create', '--name', 'Another Brand', '--email', 'not-an-email', '--json'])
    expect(json.exitCode).toBe(1)
    const { error } = JSON.parse(json.stdout)
    expect(error).toMatchObject({ status: 422, type: 'validation' })
    expect(error.fields).toContainEqual(expect.objectContaining({ field: 'email', rule: 'email' }))

    const portuguese = await affix(['brands', 'create', '--name', ''], { env: { AFFIX_LOCALE: 'pt' } })
    expect(portuguese.exitCode).toBe(1)
    expect(portuguese.stderr).toContain('Nome é obrigatório')

    const missing = await affix(['brands', 'get', '999999'])
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toContain('does not exist')

    const nothing = await affix(['brands', 'update', '1'])
    expect(nothing.exitCode).toBe(2)
    expect(nothing.stderr).toContain('Nothing to update.')
  })

  it('imports products from CSV, with a bad row, a summary and the failed-rows file', async () => {
    const csvFile = join(workDir, 'products.csv')
    await writeFile(
      csvFile,
      'name,brand,status\nCLI Slots,Lucky Spin Casino,active\nCLI Poker,Royal Bet,inactive\nCLI Bingo,No Such Brand,active\n'
    )
    const failedRowsOut = join(workDir, 'out', 'rejected.csv')
    await mkdir(join(workDir, 'out'))

    const result = await affix(['products', 'import', csvFile, '--failed-rows-out', failedRowsOut])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(result.stdout).toContain('Imported 2 of 3 rows from products.csv: 1 failed')
    expect(result.stdout).toMatch(/^4\s+Brand "No Such Brand" does not exist$/m)
    expect(result.stdout).toContain(`Failed rows saved to ${failedRowsOut}`)
    expect(result.stderr).toMatch(/Uploading .*100%/)
    expect(result.stderr).toContain('Processing')
    expect((await readFile(failedRowsOut, 'utf8')).trim().split('\n')).toEqual([
      'line,name,brand,status,error',
      '4,CLI Bingo,No Such Brand,active,"Brand ""No Such Brand"" does not exist"',
    ])

    const products = await affixJson<Array<{ name: string; status: string }>>([
      'products',
      'list',
      '--q',
      'CLI',
      '--sort',
      'name',
    ])
    expect(products.map((product) => [product.name, product.status])).toEqual([
      ['CLI Poker', 'inactive'],
      ['CLI Slots', 'active'],
    ])
  })

  it('import --json saves the failed rows in the working directory by default', async () => {
    const csvFile = join(workDir, 'more.csv')
    await writeFile(csvFile, 'name,brand_id\nCLI Roulette,2\nCLI Keno,\n')
    const summary = await affixJson(['products', 'import', csvFile])
    expect(summary).toMatchObject({ totalRows: 2, importedRows: 1, failedRows: 1, status: 'imported_partially' })
    expect(summary.failedRowsFile).toBe(join(workDir, `import-${summary.id}-failed-rows.csv`))
    expect(await readFile(summary.failedRowsFile, 'utf8')).toContain('CLI Keno')

    const onlyRoyalBet = await affixJson<Array<{ name: string; brandId: number }>>([
      'products',
      'list',
      '--brand',
      '2',
      '--q',
      'CLI',
    ])
    expect(onlyRoyalBet.map((product) => product.name).sort()).toEqual(['CLI Poker', 'CLI Roulette'])
  })

  it('exits 1 when no row of the file could be imported', async () => {
    const csvFile = join(workDir, 'duplicates.csv')
    await writeFile(csvFile, 'name,brand\nCLI Slots,Lucky Spin Casino\n')
    const result = await affix([
      'products',
      'import',
      csvFile,
      '--failed-rows-out',
      join(workDir, 'duplicates-failed.csv'),
    ])
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain('Imported 0 of 1 rows')
    expect(result.stdout).toContain('already exists')
  })

  it('rejects a non-CSV, missing or oversized file locally', async () => {
    const textFile = join(workDir, 'products.txt')
    await writeFile(textFile, 'name,brand\nX,Royal Bet\n')
    const notCsv = await affix(['products', 'import', textFile])
    expect(notCsv.exitCode).toBe(2)
    expect(notCsv.stderr).toContain(`Not a CSV file: ${textFile}`)
    expect(notCsv.stderr).not.toContain('Uploading')

    const missing = await affix(['products', 'import', join(workDir, 'nope.csv')])
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain('File not found')

    const bigFile = join(workDir, 'big.csv')
    await writeFile(bigFile, Buffer.alloc(10 * 1024 * 1024 + 1, 'a'))
    const tooBig = await affix(['products', 'import', bigFile])
    expect(tooBig.exitCode).toBe(2)
    expect(tooBig.stderr).toContain('The file is too large')
  })

  it('logs out, revoking the token', async () => {
    const staleConfigDir = join(workDir, 'stale-config')
    await mkdir(staleConfigDir)
    await copyFile(join(configDir, 'session.json'), join(staleConfigDir, 'session.json'))

    expect(await affixJson(['logout'])).toEqual({ loggedOut: true, revoked: true })
    expect(existsSync(join(configDir, 'session.json'))).toBe(false)
    expect((await affix(['whoami'])).stderr).toContain('Not logged in.')

    const revoked = await affix(['whoami'], { configDir: staleConfigDir })
    expect(revoked.exitCode).toBe(1)
    expect(revoked.stderr).toContain('Your session has expired or is invalid.')
    expect(revoked.stderr).toContain('affix login')
  })

  it('creates an API key, logs in with it, is limited to its scopes, and revokes it', async () => {
    await affixJson(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
    const created = await affixJson(['api-keys', 'create', '--name', 'CLI key', '--scope', 'brands:read'])
    expect(created.key).toMatch(/^afk_\d+\./)
    const listed = await affixJson<Array<{ id: number; preview: string }>>(['api-keys', 'list'])
    expect(listed.map((key) => key.id)).toContain(created.id)
    expect(JSON.stringify(listed)).not.toContain(created.key.split('.')[1])

    const keyConfig = join(workDir, 'key-config')
    const login = await affixJson(['login', '--api-key', created.key], { configDir: keyConfig })
    expect(login.apiKey).toBe(true)
    const brands = await affixJson<unknown[]>(['brands', 'list'], { configDir: keyConfig })
    expect(brands.length).toBeGreaterThan(0)
    const refused = await affix(['brands', 'create', '--name', 'Via key'], { configDir: keyConfig })
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('This API key or OAuth token does not have the brands:write scope.')

    // Logging out forgets a saved key without pretending to revoke it: the key keeps working.
    const forgetConfig = join(workDir, 'key-forget-config')
    await mkdir(forgetConfig)
    await copyFile(join(keyConfig, 'session.json'), join(forgetConfig, 'session.json'))
    const forgot = await affix(['logout'], { configDir: forgetConfig })
    expect(forgot.exitCode).toBe(0)
    expect(forgot.stdout).toContain('It keeps working until revoked: affix api-keys revoke <id>.')
    expect(existsSync(join(forgetConfig, 'session.json'))).toBe(false)
    expect((await affix(['brands', 'list'], { configDir: keyConfig })).exitCode).toBe(0)

    const revoked = await affixJson(['api-keys', 'revoke', String(created.id)])
    expect(revoked.revokedAt).not.toBeNull()
    const afterRevoke = await affix(['brands', 'list'], { configDir: keyConfig })
    expect(afterRevoke.exitCode).toBe(1)
    expect(afterRevoke.stderr).toContain('This API key is not valid.')

    const badScope = await affix(['api-keys', 'create', '--name', 'x', '--scope', 'brands'])
    expect(badScope.exitCode).toBe(2)
    expect(badScope.stderr).toContain('is not a scope')
  })
})
