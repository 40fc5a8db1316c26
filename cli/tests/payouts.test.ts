/*
 * `affix payouts list|explain|approve|deny|hold|mark-paid|statement|periods|close-period`
 * through the built binary against a live server (database affix_test_cli_payouts) whose
 * demo data has commission rows and every past month closed.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'
import { cliRunner } from './cli_runner.js'

const DEMO_AFFILIATE = { email: 'affiliate@demo.affix.dev', password: 'Demo#1234' }

let server: TestServer
let workDir: string
/** The demo's newest closed month and the open month after it. */
let closed: string
let open: string
const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))
const asAffiliate = () => ({ AFFIX_CONFIG_DIR: join(workDir, 'affiliate-config') })

/** Exact sum of 2-decimal amounts, in cents (no floating point). */
const cents = (amounts: Array<string | null>) =>
  amounts.reduce((sum, amount) => sum + (amount === null ? 0n : BigInt(amount.replace('.', ''))), 0n)

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/payouts/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-payouts-'))
  server = await startTestServer({ database: 'affix_test_cli_payouts' })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  const affiliateLogin = await affix(
    ['login', '--email', DEMO_AFFILIATE.email, '--password', DEMO_AFFILIATE.password],
    asAffiliate()
  )
  expect(affiliateLogin.exitCode, affiliateLogin.stderr).toBe(0)
  const periods = await affixJson(['payouts', 'periods'])
  closed = periods.lastClosed
  open = periods.earliestOpen
  expect(closed).toMatch(/^\d{4}-\d{2}$/)
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix payouts', () => {
  it('lists rows with filters and explains one to the cent', async () => {
    const table = await affix(['payouts', 'list', '--period', closed, '--type', 'revshare', '--limit', '5'])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/ID\s+PERIOD\s+DATE\s+TYPE\s+STATUS/)
    expect(table.stdout).toMatch(/Showing 1-5 of \d+ commission rows\./)

    const rows = await affixJson(['payouts', 'list', '--period', closed, '--type', 'revshare', '--limit', '500'])
    expect(rows.length).toBeGreaterThan(0)
    expect(new Set(rows.map((row: any) => `${row.period}:${row.type}`))).toEqual(new Set([`${closed}:revshare`]))
    const row = rows.find((candidate: any) => candidate.amount !== null && candidate.amount !== '0.00')

    const explained = await affix(['payouts', 'explain', String(row.id)])
    expect(explained.exitCode, explained.stderr).toBe(0)
    expect(explained.stdout).toMatch(new RegExp(`Amount:\\s+${row.amount} ${row.currency}`))
    // The arithmetic ends with the row's amount, rounded half-up per row.
    expect(explained.stdout).toMatch(new RegExp(`computation:\\s+.*= .*→ ${row.amount.replace('.', '\\.')}`))
    const detail = await affixJson(['payouts', 'explain', String(row.id)])
    expect(detail).toMatchObject({ id: row.id, amount: row.amount })
    expect(detail.explanation.activityIds.length).toBeGreaterThan(0)

    const unknown = await affix(['payouts', 'list', '--status', 'lost'])
    expect(unknown.exitCode).toBe(2)
    expect(unknown.stderr).toContain('Expected --status=lost to be one of')
  })

  it('approves, denies with a reason, refuses to approve a denied row, holds and marks paid', async () => {
    const rows = await affixJson([
      'payouts',
      'list',
      '--period',
      closed,
      '--status',
      'unapproved',
      '--type',
      'registration',
      '--type',
      'cpa',
      '--limit',
      '4',
    ])
    expect(rows).toHaveLength(4)
    const [first, second, third, fourth] = rows.map((row: any) => String(row.id))

    const approved = await affixJson(['payouts', 'approve', first, second])
    expect(approved).toMatchObject({ action: 'approve', changed: 2 })
    expect([...approved.changedIds].sort()).toEqual([Number(first), Number(second)].sort())

    const noReason = await affix(['payouts', 'deny', third])
    expect(noReason.exitCode).toBe(2)
    expect(noReason.stderr).toContain('Missing required flag reason')
    const denied = await affix(['payouts', 'deny', third, '--reason', 'duplicate player'])
    expect(denied.exitCode, denied.stderr).toBe(0)
    expect(denied.stdout).toContain('1 row denied.')

    // Named rows change all or none: one denied row keeps the other unapproved.
    const refused = await affix(['payouts', 'approve', third, fourth])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toMatch(/denied/i)
    expect((await affixJson(['payouts', 'explain', fourth])).status).toBe('pending')

    const held = await affixJson(['payouts', 'hold', fourth, '--reason', 'checking the traffic'])
    expect(held).toMatchObject({ changed: 1, changedIds: [Number(fourth)] })

    const paid = await affixJson(['payouts', 'mark-paid', first, '--reference', 'WIRE-77'])
    expect(paid).toMatchObject({ action: 'pay', changed: 1 })
    const history = await affix(['payouts', 'explain', first])
    expect(history.stdout).toMatch(/Payment reference:\s+WIRE-77/)
    expect(history.stdout).toMatch(/unapproved\s+approved/)
    expect(history.stdout).toMatch(/approved\s+paid\s+-\s+WIRE-77/)
    const deniedDetail = await affixJson(['payouts', 'explain', third])
    expect(deniedDetail.history.at(-1)).toMatchObject({ to: 'denied', reason: 'duplicate player' })

    // Open periods are not approved; a filter counts what it left by reason.
    const openApprove = await affixJson(['payouts', 'approve', '--period', open, '--status', 'unapproved'])
    expect(openApprove.changed).toBe(0)
    expect(openApprove.refused.open_period).toBeGreaterThan(0)

    const both = await affix(['payouts', 'approve', first, '--period', closed])
    expect(both.exitCode).toBe(2)
    expect(both.stderr).toContain('not both')
  })

  it('gives statements whose total is the sum of the rows that count', async () => {
    const statements = await affixJson(['payouts', 'statement', '--period', closed])
    expect(statements.length).toBeGreaterThan(1)
    const statement = statements.find((line: any) => line.total !== '0.00')
    const rows = await affixJson([
      'payouts',
      'list',
      '--period',
      closed,
      '--affiliate',
      String(statement.affiliateId),
      '--limit',
      '500',
    ])
    const counted = rows.filter(
      (row: any) => row.currency === statement.currency && row.status !== 'denied' && row.amount !== null
    )
    expect(counted).toHaveLength(statement.rows)
    expect(cents(counted.map((row: any) => row.amount))).toBe(cents([statement.total]))
    const parts = ['cpa', 'revshare', 'carryover', 'referral', 'adjustment'].map((part) => statement[part])
    expect(cents(parts)).toBe(cents([statement.total]))

    const table = await affix([
      'payouts',
      'statement',
      '--period',
      closed,
      '--affiliate',
      String(statement.affiliateId),
    ])
    expect(table.stdout).toMatch(
      /PERIOD\s+AFFILIATE\s+CURR\s+CPA\s+REVSHARE\s+CARRYOVER\s+REFERRAL\s+ADJUSTMENT\s+TOTAL/
    )
    expect(table.stdout).toContain(statement.total)
  })

  it('refuses to close a period twice, one not ended, or without --yes; previews need an ended period', async () => {
    const unconfirmed = await affix(['payouts', 'close-period', open])
    expect(unconfirmed.exitCode).toBe(2)
    expect(unconfirmed.stderr).toContain('cannot be reopened')
    const twice = await affix(['payouts', 'close-period', closed, '--yes'])
    expect(twice.exitCode).toBe(1)
    expect(twice.stderr).toContain(`The period ${closed} is already closed`)
    const early = await affix(['payouts', 'close-period', open, '--preview'])
    expect(early.exitCode).toBe(1)
    expect(early.stderr).toContain(`The period ${open} has not ended yet`)
    const inPortuguese = await affix(['payouts', 'close-period', closed, '--yes'], { AFFIX_LOCALE: 'pt' })
    expect(inPortuguese.exitCode).toBe(1)
    expect(inPortuguese.stderr).not.toContain('is already closed')
    const periods = await affix(['payouts', 'periods'])
    expect(periods.stdout).toMatch(new RegExp(`${closed}\\s+\\S+\\s+\\S+\\s+closed`))
    expect(periods.stdout).toMatch(new RegExp(`${open}\\s+\\S+\\s+\\S+\\s+open\\s+-\\s+no`))
  })

  it('shows an affiliate its own rows and statements only, and no actions', async () => {
    const rows = await affixJson(['payouts', 'list', '--limit', '500'], asAffiliate())
    expect(rows.length).toBeGreaterThan(0)
    const own = new Set(rows.map((row: any) => row.affiliateId))
    expect(own.size).toBe(1)
    const [affiliateId] = [...own]
    const statements = await affixJson(['payouts', 'statement'], asAffiliate())
    expect(statements.length).toBeGreaterThan(0)
    expect(new Set(statements.map((line: any) => line.affiliateId))).toEqual(own)
    const adminView = await affixJson(['payouts', 'statement', '--affiliate', String(affiliateId)])
    expect(statements.map((line: any) => `${line.period}:${line.currency}:${line.total}`).sort()).toEqual(
      adminView.map((line: any) => `${line.period}:${line.currency}:${line.total}`).sort()
    )

    const everyone = await affixJson(['payouts', 'list', '--limit', '100', '--period', closed])
    const foreign = everyone.find((row: any) => row.affiliateId !== affiliateId)
    const peek = await affix(['payouts', 'explain', String(foreign.id)], asAffiliate())
    expect(peek.exitCode).toBe(1)
    expect(peek.stderr).not.toContain(foreign.amount ?? 'waiting')
    const approve = await affix(['payouts', 'approve', String(rows[0].id)], asAffiliate())
    expect(approve.exitCode).toBe(1)
  })
})
