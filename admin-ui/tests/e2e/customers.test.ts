/*
 * Browser test of the customers screens against a real server with the demo data: the
 * sample customers and activity CSVs imported through the panel with their live progress,
 * a customer's details (profile, activity by day with its bet count), the fraud mark behind
 * its confirmation, and the operator postback: a secret shown once, a postback sent with it,
 * found in the inbound log without the secret. Screenshots go to test-results/customers/.
 * Needs Debian's chromium or CHROMIUM_PATH; SKIP_BROWSER_TESTS=1 skips it.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const SAMPLES = fileURLToPath(new URL('../../../plugins/customers/resources/samples/', import.meta.url))
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/customers/', import.meta.url))
const AFFILIATE = { email: 'affiliate@demo.affix.dev', password: 'Demo#1234' }
const REPORTS_OFF = 'Customer, Activity, Conversion reports are disabled by Admin'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('customers in a browser', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let token = ''
  let customersCsv = ''
  let activityCsv = ''
  let secret = ''
  const problems: string[] = []

  const visit = (path: string) => page.goto(`${server.url}${path}`)
  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    return ((await response.json()) as { data: T }).data
  }

  /** Uploads a CSV on an import screen and follows its progress until it is done; answers the statuses seen. */
  const importCsv = async (path: string, file: string) => {
    await visit(path)
    // Every status the progress shows, however briefly (a 3-row import may finish within a poll).
    await page.evaluate(() => {
      const shown: string[] = []
      ;(window as unknown as { importStatuses: string[] }).importStatuses = shown
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target instanceof Element ? record.target : null
          if (record.oldValue) shown.push(record.oldValue)
          for (const node of [element, ...record.addedNodes])
            if (node instanceof Element)
              for (const found of [node, ...node.querySelectorAll('[data-testid="import-progress"]')])
                if (found.getAttribute('data-testid') === 'import-progress')
                  shown.push(found.getAttribute('data-status') ?? '')
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeOldValue: true,
        attributeFilter: ['data-status'],
      })
    })
    await page.getByTestId('csv-import-file').setInputFiles(file)
    await page.getByRole('button', { name: 'Upload and import' }).click()
    const progress = page.getByTestId('import-progress')
    await progress.waitFor()
    const seen = new Set<string>()
    await expect
      .poll(
        async () => {
          const status = (await progress.getAttribute('data-status')) ?? ''
          seen.add(status)
          return status
        },
        { timeout: 60_000, interval: 100 }
      )
      .toBe('completed')
    for (const status of await page.evaluate(() => (window as unknown as { importStatuses: string[] }).importStatuses))
      seen.add(status)
    return { seen, processed: await page.getByTestId('import-processed').textContent() }
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    mkdirSync(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_customers' })
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(serverModule.DEMO_ADMIN),
    })
    token = ((await login.json()) as { data: { token: string } }).data.token

    // The samples leave brand_id empty (an organisation's only brand); the demo has several, so name one.
    const [brand] = await api<Array<{ id: number }>>('/api/v1/brands/brands')
    const dir = await mkdtemp(join(tmpdir(), 'affix-customers-e2e-'))
    const withBrand = (csv: string) =>
      csv
        .trimEnd()
        .split('\n')
        .map((line, index) => (index === 0 ? line : line.replace(/,$/, `,${brand.id}`)))
        .join('\n') + '\n'
    customersCsv = join(dir, 'customers.csv')
    activityCsv = join(dir, 'activity.csv')
    await writeFile(customersCsv, withBrand(await readFile(join(SAMPLES, 'customers.csv'), 'utf8')))
    await writeFile(activityCsv, withBrand(await readFile(join(SAMPLES, 'activity.csv'), 'utf8')))

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`page error at ${new URL(page.url()).pathname}: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error')
        problems.push(`console at ${new URL(page.url()).pathname}: ${message.text().slice(0, 1500)}`)
    })
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`)
    })

    await visit('/login')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(serverModule.DEMO_ADMIN.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(serverModule.DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname !== '/login')
  })

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(`failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('imports the sample customers CSV from the customers list, following its progress live', async () => {
    await visit('/engagements/customer')
    await page.getByRole('button', { name: 'Import' }).click()
    await page.waitForURL(/\/engagements\/customer\/import$/)
    await page.locator('#main-content').getByText('Import customers').first().waitFor()
    const { seen, processed } = await importCsv('/engagements/customer/import', customersCsv)
    // The screen showed the job before it finished (queued or processing), then its end.
    expect([...seen].some((status) => status === 'queued' || status === 'processing')).toBe(true)
    expect(processed).toBe('3 of 3 rows processed')
    await page.getByText('All 3 rows imported.').waitFor()
    await screenshot('customers-import')
  })

  it('imports the sample activity CSV the same way', async () => {
    const { processed } = await importCsv('/engagements/activity/import', activityCsv)
    expect(processed).toBe('4 of 4 rows processed')
    await page.getByText('All 4 rows imported.').waitFor()
    await page.getByRole('button', { name: 'Back to the list' }).click()
    await page.waitForURL(/\/engagements\/activity$/)
    await page.getByRole('columnheader', { name: 'Bet count' }).waitFor()
  })

  it('opens a customer’s details from the list: profile, attribution, activity by day', async () => {
    await visit('/engagements/customer')
    await page.getByRole('textbox', { name: 'Customer ID, email or name' }).fill('player-1001')
    const row = page.getByRole('row').filter({ hasText: 'player-1001' })
    await row.waitFor()
    await row.click()
    await page.waitForURL(/\/engagements\/customer-details\/\d+$/)
    const profile = page.getByTestId('customer-profile')
    await profile.getByText('Ana Souza').waitFor()
    await profile.getByText('ana@example.com').waitFor()
    await page.getByTestId('customer-attribution').getByText('Organic (none)').waitFor()
    const days = page.getByTestId('activity-by-day')
    await days.getByRole('row').filter({ hasText: '2026-01-05' }).getByText('FTD').waitFor()
    // 2026 is after 29 April 2025: the bet count is shown.
    const secondDay = await days.getByRole('row').filter({ hasText: '2026-01-06' }).getByRole('cell').allInnerTexts()
    expect(secondDay.at(-1)).toBe('42')
    await screenshot('customer-details')
  })

  it('marks the customer as fraud after confirming it cannot be undone', async () => {
    await page.getByRole('button', { name: 'Mark as fraud' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mark player-1001 as fraud?' })
    await dialog.getByText('This cannot be undone.').waitFor()
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Bonus abuse ring')
    await dialog.getByRole('button', { name: 'Mark as fraud' }).click()
    await page
      .getByTestId('fraud-mark')
      .getByText(/Bonus abuse ring/)
      .waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Mark as fraud' }).count()).toBe(0)

    const [customer] = await api<Array<{ cuid: string; status: string }>>(
      `/api/v1/customers/customers?filter=${encodeURIComponent(JSON.stringify({ q: 'player-1001' }))}`
    )
    expect(customer).toMatchObject({ cuid: 'player-1001', status: 'fraud' })
    await screenshot('customer-fraud')
  })

  it('creates the operator postback secret, shown once, and finds a postback in the log', async () => {
    await visit('/configuration/operator-postback')
    await page.getByTestId('postback-url').waitFor()
    await page.getByRole('button', { name: 'Create secret' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Create secret' }).click()
    secret = (await page.getByTestId('postback-secret-value').textContent()) ?? ''
    expect(secret.length).toBeGreaterThan(16)
    await expect.poll(() => page.getByTestId('postback-secret-state').textContent()).toMatch(/^Set \(ends in /)

    const query = new URLSearchParams({
      secret,
      event: 'deposit',
      cuid: 'player-1002',
      txn_id: 'pb-e2e-1',
      amount: '50',
      currency: 'TRY',
    })
    const sent = await fetch(`${server.url}/pb/?${query}`)
    // Accepted, then processed within moments: the log shows its outcome.
    expect(sent.status).toBe(202)

    await visit('/configuration/operator-postback')
    // The secret is shown once only: a new visit shows its hint, never the value.
    await page.getByTestId('postback-secret-state').waitFor()
    expect(await page.getByTestId('postback-secret-value').count()).toBe(0)
    await page.getByRole('textbox', { name: 'Customer, transaction ID or IP' }).fill('pb-e2e-1')
    const row = page.getByRole('row').filter({ hasText: 'pb-e2e-1' })
    await row.getByText(/Created/).waitFor()
    await row.click()
    const params = page.getByTestId('postback-params')
    await params.getByText('cuid=player-1002').waitFor()
    expect(await params.textContent()).not.toContain(secret)
    await screenshot('postback-log')
    expect(problems).toEqual([])
  })

  it('sets an FX rate and lists it, refusing a bad currency with the server’s reason', async () => {
    await visit('/configuration/fx-rates')
    await page.getByRole('button', { name: 'Set rate' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set rate' })
    await dialog.getByRole('textbox', { name: 'From' }).fill('XQQ')
    await dialog.getByRole('textbox', { name: 'Rate' }).fill('0.1875')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByRole('alert').waitFor()
    await dialog.getByRole('textbox', { name: 'From' }).fill('brl')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const row = page.getByRole('row').filter({ hasText: 'BRL' }).filter({ hasText: '0.1875' })
    await row.waitFor()
    await screenshot('fx-rates')
  })

  it('shows an affiliate its own customers with masked ids, then the admin’s switch-off message', async () => {
    const { org } = await api<{ org: { id: number } }>('/api/v1/account')
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      await client.query(
        `UPDATE organizations SET preferences = COALESCE(preferences, '{}'::jsonb) || '{"maskCustomerId": true}' WHERE id = $1`,
        [org.id]
      )
    } finally {
      await client.end()
    }
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const affiliatePage = await context.newPage()
    try {
      await affiliatePage.goto(`${server.url}/login`)
      await affiliatePage.getByRole('textbox', { name: 'Email', exact: true }).fill(AFFILIATE.email)
      await affiliatePage.getByRole('textbox', { name: 'Password', exact: true }).fill(AFFILIATE.password)
      await affiliatePage.getByRole('button', { name: 'Sign in' }).click()
      await affiliatePage.waitForURL((url) => url.pathname !== '/login')
      await affiliatePage.goto(`${server.url}/engagements/customer`)
      await affiliatePage.getByRole('columnheader', { name: 'Customer ID' }).waitFor()
      await affiliatePage.locator('tbody tr').first().waitFor()
      expect(await affiliatePage.getByRole('columnheader', { name: 'Affiliate' }).count()).toBe(0)
      const ids = await affiliatePage.locator('tbody tr td.column-cuid').allInnerTexts()
      expect(ids.length).toBeGreaterThan(0)
      for (const id of ids) expect(id).toMatch(/^.{2}\*+.{2}$/)
      await affiliatePage.screenshot({ path: join(SCREENSHOTS, 'affiliate-customers.png'), fullPage: true })

      // The admin switches the customer report off: the affiliate's next read says why.
      const switched = await fetch(`${server.url}/api/v1/organization/features`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ disabledReports: ['customer'] }),
      })
      expect(switched.status).toBe(200)
      await affiliatePage.reload()
      await affiliatePage.getByTestId('list-error').getByText(REPORTS_OFF).waitFor()
      expect(new URL(affiliatePage.url()).pathname).toBe('/engagements/customer')
    } finally {
      await context.close()
    }
  })
})
