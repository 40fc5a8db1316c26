/*
 * Commissions in a browser, against a real server whose demo organisation is seeded as of the
 * last day of last month (so last month is open, ended, and the earliest open period): the
 * admin sets a hybrid plan with tiers on a new campaign through the campaign screens, the
 * customers plugin's sample players and activity arrive (re-dated into last month, through
 * the batch API: the import screen has its own browser test in customers.test.ts), then the
 * admin previews and closes last month, opens an affiliate's statement and its rows'
 * explanations (the tiered CPA among them); then the affiliate (Ana Souza) logs in and sees
 * the same numbers — and no failed API call or console error along the way.
 * Screenshots go to admin-ui/test-results/payouts/.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/payouts/', import.meta.url))
const AFFILIATE = { email: 'affiliate@demo.affix.dev', password: 'Demo#1234', name: 'Ana Souza' }
const SAMPLES = fileURLToPath(new URL('../../../plugins/customers/resources/samples/', import.meta.url))
const HYBRID = 'Playwright Hybrid Tiers'

/** The rows of a sample CSV (no quoted fields in the samples) as objects, empty cells left out. */
async function sampleRows(name: string): Promise<Array<Record<string, string>>> {
  const [header, ...lines] = (await readFile(join(SAMPLES, name), 'utf8')).trimEnd().split('\n')
  const columns = header.split(',')
  return lines.map((line) =>
    Object.fromEntries(
      line
        .split(',')
        .map((value, index) => [columns[index], value] as const)
        .filter(([, value]) => value !== '')
    )
  )
}

interface Statement {
  affiliateId: number
  period: string
  currency: string
  total: string
  rows: number
  closed: boolean
}

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('commissions in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let adminToken: string
  /** Last month (UTC, the demo organisation's time zone), and Ana's affiliate id. */
  let month: string
  let anaId: number
  /** What the admin saw: Ana's statement line and one of its rows. */
  let seen: { currency: string; total: string; rowId: number; amount: string; computation: string }
  /** The hybrid campaign made through the screens, and its tiered CPA row as the admin saw it. */
  let hybridId: number
  let tiered: { rowId: number; amount: string; computation: string }
  let seenBrl: string
  const problems: string[] = []

  const visit = (path: string) => page.goto(`${server.url}${path}`)
  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const api = async <T>(path: string, init: RequestInit = {}, token = adminToken): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    })
    const body = (await response.json()) as { data: T; error?: { message: string } }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.error?.message}`)
    return body.data
  }
  const logIn = async (email: string, password: string) => {
    await visit('/login')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname !== '/login')
  }
  const logOut = async () => {
    await page.getByTestId('sidebar-footer').getByRole('menuitem', { name: 'User' }).click()
    await page.getByRole('menu').last().getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  }
  const pickPeriod = async (period: string) => {
    await page.getByRole('combobox', { name: 'Period' }).click()
    await page.getByRole('option', { name: period, exact: true }).click()
  }
  const statementTotal = (affiliateId: number, currency: string) =>
    page.getByTestId(`statement-${month}-${affiliateId}-${currency}`).locator('[data-column="total"]').innerText()

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    await mkdir(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({
      database: 'affix_test_e2e_payouts',
      env: { AFFIX_SEED_DEMO: 'false' },
    })
    const today = new Date()
    const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0))
    month = lastDay.toISOString().slice(0, 7)
    await serverModule.seedDemoAt(server, `${lastDay.toISOString().slice(0, 10)}T12:00:00Z`)
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    adminToken = ((await login.json()) as { data: { token: string } }).data.token
    // Closed by this suite, not by the hourly scheduled close.
    await api('/api/v1/plugins/payouts/settings', {
      method: 'PUT',
      body: JSON.stringify({ period: 'monthly', closeDelayDays: 0 }),
    })
    const periods = await api<{ earliestOpen: string }>('/api/v1/payouts/periods')
    expect(periods.earliestOpen).toBe(month)
    const affiliates = await api<Array<{ id: number; name: string }>>(
      `/api/v1/affiliates/affiliates?filter=${encodeURIComponent(JSON.stringify({ q: AFFILIATE.name }))}`
    )
    anaId = affiliates.find((row) => row.name === AFFILIATE.name)!.id

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`)
    })
  })

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(`failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('sets a hybrid plan with tiers through the campaign screens; the sample players and activity earn on it', async () => {
    await logIn(demoAdmin.email, demoAdmin.password)
    await visit('/manage/campaign/create')
    await page.getByRole('textbox', { name: /^Title/ }).fill(HYBRID)
    const brandBox = page.getByRole('combobox', { name: /^Brand/ })
    await brandBox.click()
    await brandBox.fill('Luck')
    await page.getByRole('option', { name: /^Lucky Spin Casino/ }).click()
    await page.getByRole('textbox', { name: /^Default URL/ }).fill('https://lucky.example/landing?cid={click_id}')
    await page.getByText('URL is valid with the specified macros.').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: /^Currency/ }).fill('BRL')
    await page.getByRole('button', { name: 'Next' }).click()
    // Hybrid on goal FTD: CPA 50 (80 from an affiliate's 2nd CPA of the period, marginal) and 25 % of NGR.
    await page.getByRole('combobox', { name: /^Payout model/ }).click()
    await page.getByRole('option', { name: 'Hybrid', exact: true }).click()
    await page.getByRole('spinbutton', { name: /^CPA payout/ }).fill('50')
    await page.getByRole('spinbutton', { name: /^Rev Share on NGR/ }).fill('25')
    await page.getByLabel('Range rules').check()
    await page.getByRole('button', { name: 'Add range rule' }).click()
    await page.getByRole('spinbutton', { name: 'From (rule 1)' }).fill('2')
    await page.getByRole('spinbutton', { name: 'Payout (rule 1)' }).fill('80')
    await screenshot('hybrid-plan')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/manage\/campaign\/\d+(\/edit)?$/)
    hybridId = Number(/\/manage\/campaign\/(\d+)/.exec(page.url())![1])
    const plan = await api<Record<string, any>>(`/api/v1/campaigns/campaigns/${hybridId}/payout`)
    expect(plan).toMatchObject({ model: 'hybrid', goal: 'ftd' })
    expect(Number(plan.cpaPayout)).toBe(50)
    expect(Number(plan.cpsNgrP)).toBe(25)
    expect(plan.rangeRules.ranges.map((range: any) => [Number(range.from), Number(range.payout)])).toEqual([[2, 80]])

    // The customers plugin's samples, re-dated into last month and attributed to Ana on this
    // campaign (campaign_id + pub_id; the sample's coupon would attribute elsewhere).
    const campaign = await api<{ brandId: number }>(`/api/v1/campaigns/campaigns/${hybridId}`)
    const redate = (value: string) => value.replace(/^2026-01/, month)
    const players = (await sampleRows('customers.csv')).map(({ coupon: _coupon, ...row }) => ({
      ...row,
      date: redate(row.date),
      campaign_id: hybridId,
      pub_id: anaId,
      brand_id: campaign.brandId,
    }))
    const activity = (await sampleRows('activity.csv')).map((row) => ({
      ...row,
      date: redate(row.date),
      brand_id: campaign.brandId,
    }))
    const registered = await api<{ summary: { created: number } }>('/api/v1/customers/customers/batch', {
      method: 'POST',
      body: JSON.stringify({ rows: players }),
    })
    expect(registered.summary.created).toBe(3)
    // The TRY player's activity is converted into the campaign's BRL at each day's rate.
    await api('/api/v1/customers/fx-rates', {
      method: 'PUT',
      body: JSON.stringify({
        rates: ['07', '08'].map((day) => ({ from: 'TRY', to: 'BRL', date: `${month}-${day}`, rate: '0.1780' })),
      }),
    })
    const stored = await api<{ summary: { created: number } }>('/api/v1/customers/activity/batch', {
      method: 'POST',
      body: JSON.stringify({ rows: activity }),
    })
    expect(stored.summary.created).toBe(4)
    // FTDs on the 5th (1st CPA: 50) and the 7th (2nd: the tier, 80); RevShare 25 % of 57.75 and of −200 TRY × 0.178.
    const expected = ['cpa:50.00', 'cpa:80.00', 'revshare:-8.90', 'revshare:14.44']
    const hybridRows = async () =>
      (
        await api<Array<{ type: string; amount: string }>>(
          `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ campaignId: hybridId }))}`
        )
      )
        .map((row) => `${row.type}:${row.amount}`)
        .sort()
    await expect.poll(hybridRows, { timeout: 30_000 }).toEqual(expected)
  })

  it('previews the close of last month, then closes it', async () => {
    await page.getByRole('menuitem', { name: 'Commission periods' }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout-periods')
    const row = page.getByTestId(`period-${month}`)
    await expect(row.innerText()).resolves.toContain('open')
    await row.getByTestId(`close-${month}`).click()
    const preview = page.getByTestId('close-preview')
    await preview.getByTestId('preview-customersRecomputed').waitFor()
    expect(Number(await preview.getByTestId('preview-customersRecomputed').innerText())).toBeGreaterThan(0)
    await expect(preview.innerText()).resolves.toContain('cannot be reopened')
    // The preview changed nothing.
    expect((await api<{ earliestOpen: string }>('/api/v1/payouts/periods')).earliestOpen).toBe(month)
    await screenshot('close-preview')
    await page.getByTestId('close-confirm').click()
    await page.getByText(`${month} is closed`).waitFor()
    await expect.poll(() => row.innerText()).toContain('closed')
    await expect(row.getByTestId(`close-${month}`).count()).resolves.toBe(0)
    const after = await api<{ lastClosed: string }>('/api/v1/payouts/periods')
    expect(after.lastClosed).toBe(month)
  })

  it('opens the affiliate’s statement and one of its rows’ explanation', async () => {
    const statements = await api<Statement[]>(`/api/v1/payouts/statements?period=${month}&affiliateId=${anaId}`)
    const statement = statements.find((line) => line.rows > 0 && line.total !== '0.00')!
    expect(statement.closed).toBe(true)

    await page.getByRole('menuitem', { name: 'Payout summary' }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout-summary')
    await pickPeriod(month)
    await expect.poll(() => statementTotal(anaId, statement.currency)).toBe(statement.total)
    const line = page.getByTestId(`statement-${month}-${anaId}-${statement.currency}`)
    await expect(line.innerText()).resolves.toContain(AFFILIATE.name)
    await screenshot('statement')

    // The row count opens the rows the total adds up.
    await line.getByRole('link', { name: String(statement.rows) }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout')
    const rows = page.locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(Math.min(statement.rows, 10))
    await rows.first().click()
    await page.waitForURL((url) => /^\/engagements\/payout\/\d+/.test(url.pathname))
    const rowId = Number(new URL(page.url()).pathname.split('/')[3])
    const computation = await page.getByTestId('row-computation').innerText()
    const amount = await page.getByTestId('row-amount').innerText()
    const detail = await api<{ amount: string; currency: string; affiliateId: number; explanation: any }>(
      `/api/v1/payouts/rows/${rowId}`
    )
    expect(detail.affiliateId).toBe(anaId)
    expect(amount).toContain(`${detail.amount} ${detail.currency}`)
    expect(computation).toBe(detail.explanation.computation)
    await expect(page.getByTestId('row-explanation').innerText()).resolves.toContain('How this amount was computed')
    await screenshot('explanation')
    seen = { currency: statement.currency, total: statement.total, rowId, amount, computation }

    // The tiered CPA of the hybrid campaign: its explanation names the tier it reached.
    const cpa = (
      await api<Array<{ id: number; amount: string }>>(
        `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ campaignId: hybridId, type: 'cpa', period: month }))}`
      )
    ).find((row) => row.amount === '80.00')!
    await visit(`/engagements/payout/${cpa.id}`)
    await page.getByTestId('row-computation').waitFor()
    await expect(page.getByTestId('row-computation').innerText()).resolves.toBe('tier from 2: 80')
    await expect(page.getByTestId('row-amount').innerText()).resolves.toContain('80.00 BRL')
    await expect(page.getByTestId('row-explanation').innerText()).resolves.toContain('marginal')
    await screenshot('tiered-explanation')
    tiered = {
      rowId: cpa.id,
      amount: await page.getByTestId('row-amount').innerText(),
      computation: await page.getByTestId('row-computation').innerText(),
    }
    // Ana's BRL statement for the month adds up every BRL row of hers, the hybrid's included.
    const brl = (await api<Statement[]>(`/api/v1/payouts/statements?period=${month}&affiliateId=${anaId}`)).find(
      (line) => line.currency === 'BRL'
    )!
    await page.getByRole('menuitem', { name: 'Payout summary' }).click()
    await pickPeriod(month)
    await expect.poll(() => statementTotal(anaId, 'BRL')).toBe(brl.total)
    seenBrl = brl.total
  })

  it('denies another affiliate’s row with a reason, and shows carryover, referrals and a formula checked live', async () => {
    const pending = await api<Array<{ id: number; affiliateId: number }>>(
      `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ period: month, status: 'pending' }))}&range=[0,99]`
    )
    const other = pending.find((row) => row.affiliateId !== anaId)!
    await visit(
      `/engagements/payout?${new URLSearchParams({ filter: JSON.stringify({ period: month, affiliateId: other.affiliateId, status: 'pending' }), sort: 'id', order: 'ASC' })}`
    )
    const first = page.locator('tbody tr').first()
    await first.waitFor()
    await first.getByRole('checkbox').check()
    await page.getByTestId('rows-deny-selected').click()
    // A deny needs its reason: the confirmation waits for one.
    await expect(page.getByTestId('status-confirm').isDisabled()).resolves.toBe(true)
    await page.getByTestId('status-reason').fill('traffic source not allowed')
    await page.getByTestId('status-confirm').click()
    await page.getByText('1 row denied').waitFor()
    const denied = await api<Array<{ id: number; status: string; statusNote: string }>>(
      `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ period: month, affiliateId: other.affiliateId, status: 'denied' }))}`
    )
    expect(denied.map((row) => row.statusNote)).toContain('traffic source not allowed')

    // Approve every row the filters match: the denied one stays denied and is counted.
    const left = await api<unknown[]>(
      `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ period: month, affiliateId: other.affiliateId, status: 'pending' }))}`
    )
    await visit(
      `/engagements/payout?${new URLSearchParams({ filter: JSON.stringify({ period: month, affiliateId: other.affiliateId }) })}`
    )
    await page.locator('tbody tr').first().waitFor()
    await page.getByTestId('rows-approve-filtered').click()
    await page.getByTestId('status-confirm').click()
    await page.getByText(new RegExp(`^${left.length} rows? approved — left as they were: (.*, )?1 denied`)).waitFor()
    const stillPending = await api<unknown[]>(
      `/api/v1/payouts/rows?filter=${encodeURIComponent(JSON.stringify({ period: month, affiliateId: other.affiliateId, status: 'pending' }))}`
    )
    expect(stillPending).toEqual([])
    // A filter the action does not know (currency) would widen it: the action is not offered.
    await visit(
      `/engagements/payout?${new URLSearchParams({ filter: JSON.stringify({ period: month, currency: 'USD' }) })}`
    )
    await page.locator('tbody tr').first().waitFor()
    await expect(page.getByTestId('rows-approve-filtered').isDisabled()).resolves.toBe(true)

    const balances = await api<unknown[]>(`/api/v1/payouts/carryover?period=${month}`)
    await page.getByRole('menuitem', { name: 'Carryover' }).click()
    await pickPeriod(month)
    if (balances.length)
      await expect.poll(() => page.getByTestId('carryover').locator('tbody tr').count()).toBe(balances.length)
    else await page.getByText('No carryover balances.').waitFor()

    const referrals = await api<unknown[]>(`/api/v1/payouts/referrals?period=${month}`)
    expect(referrals.length).toBeGreaterThan(0)
    await page.getByRole('menuitem', { name: 'Referral', exact: true }).click()
    await pickPeriod(month)
    await expect.poll(() => page.getByTestId('referral-report').locator('tbody tr').count()).toBe(referrals.length)
    await expect(page.getByRole('combobox', { name: 'Method' }).innerText()).resolves.toBe('% of payout')
    await expect(page.getByRole('spinbutton', { name: 'Level 1 (%)' }).first().inputValue()).resolves.toBe('5')

    await page.getByRole('menuitem', { name: 'Brand formulas' }).click()
    const ngr = page.getByTestId('formula-ngr')
    await ngr.fill('ggr - bonuses *')
    await page.getByTestId('formula-invalid').waitFor()
    await expect(page.getByText(/character \d+/).count()).resolves.toBeGreaterThan(0)
    await ngr.fill('ggr - bonuses')
    const check = await api<{ result: { ggr: string; ngr: string } }>('/api/v1/payouts/formulas/check', {
      method: 'POST',
      body: JSON.stringify({
        ngr: 'ggr - bonuses',
        sample: {
          bets: 1000,
          wins: 800,
          bonuses: 50,
          chargebacks: 10,
          fees: 5,
          jackpot: 0,
          deposits: 500,
          withdrawals: 200,
          adjustments: 0,
        },
      }),
    })
    await expect
      .poll(() => page.getByTestId('formula-result').innerText())
      .toContain(`GGR = ${check.result.ggr}, NGR = ${check.result.ngr}`)
    await expect(page.getByTestId('formula-invalid').count()).resolves.toBe(0)
    await screenshot('formula')
  })

  it('shows the affiliate the same statement and explanation, and no other affiliate’s rows', async () => {
    await logOut()
    await logIn(AFFILIATE.email, AFFILIATE.password)
    await page.getByRole('menuitem', { name: 'Payout summary' }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout-summary')
    await pickPeriod(month)
    await expect.poll(() => statementTotal(anaId, seen.currency)).toBe(seen.total)
    // Only its own lines: every statement row is Ana's.
    const lines = await page
      .locator('[data-testid^="statement-"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every((id) => id!.split('-').at(-2) === String(anaId))).toBe(true)
    await screenshot('affiliate-statement')

    await expect.poll(() => statementTotal(anaId, 'BRL')).toBe(seenBrl)

    await visit(`/engagements/payout/${seen.rowId}`)
    await page.getByTestId('row-computation').waitFor()
    await expect(page.getByTestId('row-computation').innerText()).resolves.toBe(seen.computation)
    await expect(page.getByTestId('row-amount').innerText()).resolves.toBe(seen.amount)
    await screenshot('affiliate-explanation')
    // The tiered CPA reads the same to the affiliate.
    await visit(`/engagements/payout/${tiered.rowId}`)
    await page.getByTestId('row-computation').waitFor()
    await expect(page.getByTestId('row-computation').innerText()).resolves.toBe(tiered.computation)
    await expect(page.getByTestId('row-amount').innerText()).resolves.toBe(tiered.amount)

    // The list holds its rows only.
    await page.getByRole('menuitem', { name: 'Commissions' }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout')
    await page.locator('tbody tr').first().waitFor()
    await expect(page.getByRole('columnheader', { name: 'Affiliate' }).count()).resolves.toBe(0)
    const own = await api<Array<{ affiliateId: number }>>('/api/v1/payouts/rows?range=[0,99]', {}, await tokenOf())
    expect(new Set(own.map((row) => row.affiliateId))).toEqual(new Set([anaId]))
    expect(problems).toEqual([])
  })

  async function tokenOf() {
    const response = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: AFFILIATE.email, password: AFFILIATE.password }),
    })
    return ((await response.json()) as { data: { token: string } }).data.token
  }
})
