/*
 * `affix affiliates import|sample` and `affix imports …` through the built binary against a
 * live server (database affix_test_cli_imp, demo data) whose in-process worker runs the
 * background imports.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const BIN = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const DATABASE = 'affix_test_cli_imp'
const DEMO_AFFILIATE_EMAIL = 'affiliate@demo.affix.dev'

let server: TestServer
let workDir: string

interface RunResult {
  exitCode: number
  stdout: string
  stderr: string
}

function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    AFFIX_CONFIG_DIR: join(workDir, 'config'),
    AFFIX_URL: server.url,
    AFFIX_LOCALE: 'en',
    NO_COLOR: '1',
    ...env,
  }
  delete fullEnv.AFFIX_PASSWORD
  return fullEnv
}

function affix(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: workDir, env: environment(env), maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
      }
    )
  })
}

async function affixJson<T = any>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const result = await affix([...args, '--json'], env)
  expect(result.exitCode, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as T
}

async function csvFile(name: string, lines: string[]): Promise<string> {
  const path = join(workDir, name)
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

/** A file big enough that its import is still queued or processing a moment after the upload. */
function bulkRows(prefix: string, count: number): string[] {
  return [
    'email,name,country',
    ...Array.from({ length: count }, (_, index) => `${prefix}${index}@bulk.example,Bulk ${index},GB`),
  ]
}

/** Polls `imports get` until the import has finished. */
async function finished(id: number): Promise<any> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const record = await affixJson(['imports', 'get', String(id)])
    if (['completed', 'failed', 'cancelled', 'imported_partially'].includes(record.status)) return record
    if (Date.now() > deadline) throw new Error(`import ${id} still ${record.status}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/affiliates/import.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-imp-'))
  server = await startTestServer({ database: DATABASE })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix affiliates import', () => {
  it('writes the sample files of the import and of the update', async () => {
    const printed = await affix(['affiliates', 'sample'])
    expect(printed.exitCode, printed.stderr).toBe(0)
    const [header, ...rows] = printed.stdout.trimEnd().split('\n')
    expect(header!.split(',').slice(0, 3)).toEqual(['email', 'name', 'status'])
    expect(rows.length).toBeGreaterThan(0)

    const out = join(workDir, 'samples', 'update.csv')
    const update = await affixJson(['affiliates', 'sample', '--update', '--out', out])
    expect(update).toMatchObject({ file: out, columns: expect.arrayContaining(['id', 'email', 'city']) })
    expect((await readFile(out, 'utf8')).split('\n')[0]).toBe(update.columns.join(','))
  })

  it('shows the progress, ends imported_partially and saves the failed rows naming the bad line', async () => {
    const file = await csvFile('partners.csv', [
      'email,name,country,city',
      'cli.one@partners.example,CLI One,GB,London',
      `${DEMO_AFFILIATE_EMAIL},Taken Address,GB,Leeds`,
      'cli.two@partners.example,CLI Two,BR,Recife',
    ])
    const result = await affix(['affiliates', 'import', file])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(result.stderr).toContain('Uploading')
    expect(result.stderr).toMatch(/Importing\s+3\/3 rows: 2 imported, 1 failed \(imported_partially\)/)
    expect(result.stdout).toMatch(
      /Imported 2 of 3 rows from partners\.csv: 1 failed \(import #\d+, imported_partially\)\./
    )
    expect(result.stdout).toContain(`An affiliate with the email ${DEMO_AFFILIATE_EMAIL} already exists`)

    const id = Number(/import #(\d+)/.exec(result.stdout)![1])
    const saved = join(workDir, `import-${id}-failed-rows.csv`)
    expect(result.stdout).toContain(`Failed rows saved to ${saved}`)
    const failedRows = (await readFile(saved, 'utf8')).trim().split('\n')
    expect(failedRows).toHaveLength(2)
    expect(failedRows[0]).toBe('line,email,name,country,city,error')
    expect(failedRows[1]).toBe(
      `3,${DEMO_AFFILIATE_EMAIL},Taken Address,GB,Leeds,An affiliate with the email ${DEMO_AFFILIATE_EMAIL} already exists`
    )

    const imported = await affixJson<any[]>(['affiliates', 'list', '--q', 'partners.example', '--sort', 'name'])
    expect(imported.map((affiliate) => [affiliate.email, affiliate.country, affiliate.city])).toEqual([
      ['cli.one@partners.example', 'GB', 'London'],
      ['cli.two@partners.example', 'BR', 'Recife'],
    ])

    const printed = await affix(['imports', 'failed-rows', String(id)])
    expect(printed.exitCode, printed.stderr).toBe(0)
    expect(printed.stdout.trim().split('\n')).toEqual(failedRows)
  })

  it('--json prints the final record; failed rows go to --failed-rows-out, in the uploader language', async () => {
    const file = await csvFile('json.csv', [
      'email,name',
      'cli.json@partners.example,CLI Json',
      'not-an-email,Broken',
      `${DEMO_AFFILIATE_EMAIL},Taken`,
    ])
    const out = join(workDir, 'rejected', 'json.csv')
    const result = await affix(['affiliates', 'import', file, '--failed-rows-out', out, '--json'], {
      AFFIX_LOCALE: 'pt',
    })
    expect(result.exitCode, result.stderr).toBe(0)
    const record = JSON.parse(result.stdout)
    expect(record).toMatchObject({
      pluginId: 'affiliates',
      type: 'affiliates',
      status: 'imported_partially',
      fileName: 'json.csv',
      totalRows: 3,
      processedRows: 3,
      importedRows: 1,
      failedRows: 2,
      failedRowsFile: out,
      failedRowsUrl: `/api/v1/imports/${record.id}/failed-rows`,
    })
    const lines = (await readFile(out, 'utf8')).trim().split('\n')
    expect(lines.map((line) => line.split(',')[0])).toEqual(['line', '3', '4'])
    expect(lines[2]).toContain(`Já existe um afiliado com o e-mail ${DEMO_AFFILIATE_EMAIL}`)
  })

  it('exits 1 when nothing could be imported', async () => {
    const file = await csvFile('all-bad.csv', [
      'email,name',
      `${DEMO_AFFILIATE_EMAIL},Taken`,
      'cli.one@partners.example,Again',
    ])
    const result = await affix(['affiliates', 'import', file, '--json'])
    expect(result.exitCode).toBe(1)
    const record = JSON.parse(result.stdout)
    expect(record).toMatchObject({ status: 'failed', importedRows: 0, failedRows: 2 })
    expect(record.failedRowsFile).toBe(join(workDir, `import-${record.id}-failed-rows.csv`))
    expect(existsSync(record.failedRowsFile)).toBe(true)
  })

  it('--update changes only the given fields of the named affiliates', async () => {
    const [one] = await affixJson<any[]>(['affiliates', 'list', '--q', 'cli.one@partners.example'])
    const file = await csvFile('changes.csv', [
      'id,email,city,tags',
      `${one.id},,Manchester,vip|cli`,
      ',cli.two@partners.example,Olinda,',
      ',nobody@partners.example,Nowhere,',
    ])
    const result = await affix(['affiliates', 'import', file, '--update', '--json'])
    expect(result.exitCode, result.stderr).toBe(0)
    const record = JSON.parse(result.stdout)
    expect(record).toMatchObject({
      type: 'affiliate-updates',
      status: 'imported_partially',
      importedRows: 2,
      failedRows: 1,
    })

    const updated = await affixJson<any[]>(['affiliates', 'list', '--q', 'partners.example', '--sort', 'name'])
    expect(updated.map((affiliate) => [affiliate.email, affiliate.name, affiliate.country, affiliate.city])).toEqual([
      ['cli.json@partners.example', 'CLI Json', null, null],
      ['cli.one@partners.example', 'CLI One', 'GB', 'Manchester'],
      ['cli.two@partners.example', 'CLI Two', 'BR', 'Olinda'],
    ])
    expect(updated[1].tags).toEqual(['vip', 'cli'])
  })

  it('--no-wait answers at once; imports get follows it and imports cancel rolls it back', async () => {
    // The most rows an import takes (about 10 s of work here), so the cancel below still finds
    // it running on a busy machine: with 30,000 rows it once finished first.
    const file = await csvFile('bulk-cancel.csv', bulkRows('cancel', 100_000))
    const queued = await affixJson(['affiliates', 'import', file, '--no-wait'])
    expect(queued).toMatchObject({ fileName: 'bulk-cancel.csv', totalRows: 100_000, importedRows: 0 })
    expect(['queued', 'processing']).toContain(queued.status)

    const shown = await affix(['imports', 'get', String(queued.id)])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(new RegExp(`ID:\\s+${queued.id}`))
    expect(shown.stdout).toMatch(/File:\s+bulk-cancel\.csv/)

    const cancel = await affixJson(['imports', 'cancel', String(queued.id)])
    expect(cancel.status === 'cancelled' || cancel.cancelRequested).toBe(true)
    const done = await finished(queued.id)
    expect(done).toMatchObject({ status: 'cancelled', importedRows: 0 })
    const left = await affixJson<any[]>(['affiliates', 'list', '--q', 'cancel0@bulk.example'])
    expect(left).toEqual([])

    const listed = await affixJson<any[]>(['imports', 'list', '--status', 'cancelled', '--plugin', 'affiliates'])
    expect(listed.map((record) => record.id)).toEqual([queued.id])
    const table = await affix(['imports', 'list', '--limit', '2'])
    expect(table.stdout).toContain('bulk-cancel.csv')
    expect(table.stdout).toMatch(/Showing 1-2 of \d+ imports\./)

    const again = await affix(['imports', 'cancel', String(queued.id)])
    expect(again.exitCode, again.stderr).toBe(0)
    const finishedOne = (
      await affixJson<any[]>(['imports', 'list', '--status', 'imported_partially', '--limit', '1'])
    )[0]
    const tooLate = await affix(['imports', 'cancel', String(finishedOne.id)])
    expect(tooLate.exitCode).toBe(1)
    expect(tooLate.stderr).toContain('had already finished (imported_partially)')
  }, 120_000)

  it('Ctrl-C stops waiting without cancelling the import', async () => {
    const file = await csvFile('bulk-interrupt.csv', bulkRows('interrupt', 30_000))
    const child = spawn(process.execPath, [BIN, 'affiliates', 'import', file], { cwd: workDir, env: environment({}) })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    const polling = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk
        if (/Importing/.test(stderr)) resolve()
      })
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    await polling
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(stdout).toMatch(/Stopped waiting; import #\d+ carries on on the server/)
    const id = Number(/import #(\d+)/.exec(stdout)![1])
    const done = await finished(id)
    expect(done).toMatchObject({ status: 'completed', importedRows: 30_000, failedRows: 0 })
  }, 120_000)

  it('refuses bad local input before any request', async () => {
    const text = join(workDir, 'notes.txt')
    await writeFile(text, 'email\n')
    const notCsv = await affix(['affiliates', 'import', text])
    expect(notCsv.exitCode).toBe(2)
    expect(notCsv.stderr).toContain('Not a CSV file')

    const csv = await csvFile('any.csv', ['email,name', 'x@partners.example,X'])
    const conflicting = await affix(['affiliates', 'import', csv, '--no-wait', '--failed-rows-out', 'x.csv'])
    expect(conflicting.exitCode).toBe(2)
    expect(conflicting.stderr).toContain('--failed-rows-out needs the import to be waited for')

    const badHeader = await csvFile('bad-header.csv', ['name,country', 'Nobody,GB'])
    const refused = await affix(['affiliates', 'import', badHeader, '--json'])
    expect(refused.exitCode).toBe(1)
    expect(JSON.parse(refused.stdout).error).toMatchObject({
      status: 422,
      message: expect.stringContaining('Please upload a valid file'),
    })

    const missing = await affix(['imports', 'get', '999999'])
    expect(missing.exitCode).toBe(1)
  })
})
