/*
 * `affix customers import|list|get|mark-fraud`, `affix activity import|list` and
 * `affix fx-rates set|import|list` through the built binary against a live server
 * (database affix_test_cli_cust, demo data) whose in-process worker runs the imports.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'
import { BIN, cliRunner } from './cli_runner.js'

let server: TestServer
let workDir: string
/** The demo organisation has two brands: every player names one. */
let brandId: number
const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)

async function csvFile(name: string, lines: string[]): Promise<string> {
  const path = join(workDir, name)
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/customers/import.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-cust-'))
  server = await startTestServer({ database: 'affix_test_cli_cust' })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  brandId = (await affixJson(['brands', 'list']))[0].id
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix customers and activity', () => {
  it('imports customers and activity with a progress bar, lists them, shows one, marks it as fraud', async () => {
    const sample = await affix(['customers', 'import', '--sample'])
    expect(sample.exitCode, sample.stderr).toBe(0)
    expect(sample.stdout.split('\n')[0]).toContain('cuid,cu_name,email')

    const players = await csvFile('players.csv', [
      'cuid,cu_name,email,date,curr,country,brand_id',
      `cli-1,Ana,ana@players.example,${day(10)},USD,BR,${brandId}`,
      `cli-2,Bo,bo@players.example,${day(10)},USD,PT,${brandId}`,
      `cli-3,Cy,not-an-email,${day(10)},USD,PT,${brandId}`,
    ])
    const imported = await affix(['customers', 'import', players])
    expect(imported.exitCode, imported.stderr).toBe(0)
    expect(imported.stderr).toMatch(/Uploading/)
    expect(imported.stderr).toMatch(/Importing/)
    expect(imported.stdout).toContain('Imported 2 of 3 rows from players.csv: 1 failed')
    expect(imported.stdout).toContain('The e-mail address is not valid')

    const activity = await csvFile('activity.csv', [
      'cuid,date,txn_id,deposits,deposit_count,bets,wins',
      `cli-1,${day(5)},c1,100.50,1,20,5`,
      `cli-1,${day(4)},,0,0,40,10`,
      `cli-2,${day(3)},c2,abc,1,0,0`,
    ])
    const rows = await affixJson(['activity', 'import', activity])
    expect(rows).toMatchObject({ status: 'imported_partially', importedRows: 2, failedRows: 1 })
    expect(rows.failedRowsFile).toMatch(/import-\d+-failed-rows\.csv$/)

    const list = await affixJson(['customers', 'list', '--country', 'br'])
    expect(list.map((customer: any) => customer.cuid)).toContain('cli-1')
    const id = list.find((customer: any) => customer.cuid === 'cli-1').id
    const shown = await affix(['customers', 'get', String(id)])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/FTD:\s+100\.5 USD/)

    const activityList = await affixJson(['activity', 'list', '--customer', String(id)])
    expect(activityList).toHaveLength(2)
    expect(activityList.find((row: any) => row.txnId === 'c1')).toMatchObject({ deposits: '100.5', isFtd: true })

    const unconfirmed = await affix(['customers', 'mark-fraud', String(id)])
    expect(unconfirmed.exitCode).toBe(2)
    expect(unconfirmed.stderr).toContain('cannot be undone')
    const marked = await affixJson(['customers', 'mark-fraud', String(id), '--reason', 'multi-accounting', '--yes'])
    expect(marked).toMatchObject({ status: 'fraud', fraudReason: 'multi-accounting' })
    const again = await affix(['customers', 'mark-fraud', String(id), '--yes'])
    expect(again.exitCode).toBe(1)
    expect(again.stderr).toContain('already marked as fraud')
    const fraudRows = await affixJson(['activity', 'list', '--status', 'fraud'])
    expect(fraudRows).toHaveLength(2)
  })

  it('sets, imports and lists FX rates; a bad rate is refused with its reason', async () => {
    const set = await affixJson([
      'fx-rates',
      'set',
      '--from',
      'brl',
      '--to',
      'USD',
      '--date',
      day(1),
      '--rate',
      '0.1852',
    ])
    expect(set.results[0].status).toBe('created')
    const bad = await affix(['fx-rates', 'set', '--from', 'USD', '--to', 'USD', '--date', day(1), '--rate', '1'])
    expect(bad.exitCode).toBe(1)
    expect(bad.stderr).toContain('from and to must be different currencies')
    const file = await csvFile('rates.csv', ['from,to,date,rate', `EUR,USD,${day(1)},1.09`, `TRY,USD,${day(1)},0.031`])
    const imported = await affixJson(['fx-rates', 'import', file])
    expect(imported).toMatchObject({ status: 'completed', importedRows: 2 })
    const list = await affixJson(['fx-rates', 'list', '--to-currency', 'usd'])
    expect(list.map((rate: any) => `${rate.from}:${rate.rate}`).sort()).toEqual(['BRL:0.1852', 'EUR:1.09', 'TRY:0.031'])
  })

  it('shows a live progress bar on a terminal-less run too, and refuses a file that is not CSV', async () => {
    const lines = ['cuid,date,brand_id', ...Array.from({ length: 5000 }, (_, i) => `bulk-${i},${day(2)},${brandId}`)]
    const file = await csvFile('bulk.csv', lines)
    const child = spawn(process.execPath, [BIN, 'customers', 'import', file], {
      cwd: workDir,
      env: { ...process.env, AFFIX_CONFIG_DIR: join(workDir, 'config'), AFFIX_URL: server.url, NO_COLOR: '1' },
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
    expect(stderr).toMatch(/Importing .*5000\/5000 rows: 5000 imported/)
    const text = await csvFile('notes.txt', ['hello'])
    const refused = await affix(['activity', 'import', text])
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toContain('Not a CSV file')
  })
})
