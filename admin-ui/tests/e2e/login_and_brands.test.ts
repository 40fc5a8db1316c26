/*
 * Browser test of the built admin UI against a real server: login, the brand CRUD
 * screens, server-side field errors, the language menu and the product CSV import.
 * Needs Debian's chromium (apt-get install chromium) or CHROMIUM_PATH; set
 * SKIP_BROWSER_TESTS=1 to skip it where no browser can run.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { chromium, type Browser, type Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const BRAND = 'Playwright Casino'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('admin UI in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []

  /** A text input by its exact label. */
  const input = (label: string) => page.getByRole('textbox', { name: label, exact: true })
  /** The table row (list screen) that shows `text`. */
  const row = (text: string) => page.getByRole('row').filter({ hasText: text })
  /** An input's helper or error text, found through its aria-describedby. */
  const helperTextOf = async (label: string) => {
    const id = await input(label).getAttribute('aria-describedby')
    return id ? page.locator(`[id="${id}"]`).textContent() : null
  }
  const apiBrandsNamed = async (name: string) => {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    const { data } = (await login.json()) as { data: { token: string } }
    const list = await fetch(
      `${server.url}/api/v1/brands/brands?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
      {
        headers: { Authorization: `Bearer ${data.token}` },
      }
    )
    return ((await list.json()) as { data: Array<{ name: string; email: string | null }> }).data
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e' })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  // Every test leaves a screenshot of where it ended under test-results/brands/.
  const SCREENSHOTS = new URL('../../test-results/brands/', import.meta.url)
  mkdirSync(SCREENSHOTS, { recursive: true })
  afterEach(async (context) => {
    const name = context.task.name
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase()
      .slice(0, 80)
    await page
      ?.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true })
      .catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('logs in as the demo admin and shows the organisation on the dashboard', async () => {
    await page.goto(server.url)
    await input('Email').fill(demoAdmin.email)
    await input('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Invalid email or password.').waitFor()

    await input('Password').fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Welcome to Demo Casino Network').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toMatch(/\S+/)
  })

  it('lists the seeded brands, also from the spec path /manage/brand', async () => {
    await page.goto(`${server.url}/manage/brand`)
    await page.waitForURL(/\/manage\/brand$/)
    await row('Lucky Spin Casino').waitFor()
    await expect(row('Royal Bet').count()).resolves.toBe(1)
  })

  it('changes the status of selected brands with one bulk request', async () => {
    await row('Royal Bet').getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click()
    await page.getByText('Status changed for 1 record').waitFor()
    await row('Royal Bet').getByText('Inactive', { exact: true }).waitFor()

    await row('Royal Bet').getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Activate', exact: true }).click()
    await row('Royal Bet').getByText('Active', { exact: true }).waitFor()
  })

  it('shows field errors for an invalid brand, from the form and from the server', async () => {
    await page.getByRole('link', { name: 'Create' }).click()
    // Save stays disabled on an untouched form: fill everything but the name.
    await input('Email').fill('partners@playwright.example')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => helperTextOf('Name')).toBe('Required')
    expect(page.url()).toMatch(/\/manage\/brand\/create$/)

    // Only the server knows the name is taken: its 422 field error lands under the input.
    await input('Name').fill('Lucky Spin Casino')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => helperTextOf('Name')).toBe('A brand with this name already exists')
    // The notification carries the server's message too, not a generic one. Notifications
    // queue: it shows once the earlier "form is not valid" one has hidden (about 4 s).
    await expect
      .poll(() => page.getByText('A brand with this name already exists').count(), { timeout: 15_000 })
      .toBe(2)
  })

  it('creates a brand and shows it in the list', async () => {
    await input('Name').fill(BRAND)
    await input('Website').fill('https://playwright.example')
    await input('Company country').fill('MT')
    await page.getByRole('button', { name: 'Save' }).click()
    await row(BRAND).waitFor()
    await expect(row(BRAND).textContent()).resolves.toContain('partners@playwright.example')
    await expect(apiBrandsNamed(BRAND)).resolves.toMatchObject([{ name: BRAND }])
  })

  it('edits the brand', async () => {
    await row(BRAND).getByText(BRAND).click()
    await page.waitForURL(/\/manage\/brand\/\d+\/edit$/)
    const email = input('Email')
    await expect(email.inputValue()).resolves.toBe('partners@playwright.example')
    await email.fill('vip@playwright.example')
    await page.getByRole('button', { name: 'Save' }).click()
    await row('vip@playwright.example').waitFor()
    await expect(apiBrandsNamed(BRAND)).resolves.toMatchObject([{ email: 'vip@playwright.example' }])
  })

  it('switches to Portuguese, for the UI and for server messages', async () => {
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('menuitem', { name: 'Português' }).click()
    await page.getByRole('menuitem', { name: 'Marcas', exact: true }).waitFor()
    await page.getByRole('columnheader', { name: 'Nome' }).waitFor()

    await page.getByRole('link', { name: 'Criar' }).click()
    await input('Nome').fill(BRAND)
    await page.getByRole('button', { name: 'Salvar' }).click()
    await expect.poll(() => helperTextOf('Nome')).toBe('Já existe uma marca com este nome')
    await page.getByRole('menuitem', { name: 'Marcas', exact: true }).click()
  })

  it('deletes the brand', async () => {
    await row(BRAND).getByText(BRAND).click()
    await page.getByRole('button', { name: 'Excluir' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
    await page.getByText('Marca excluída').waitFor()
    await expect(row(BRAND).count()).resolves.toBe(0)
    await expect(apiBrandsNamed(BRAND)).resolves.toEqual([])
  })

  it('imports products from CSV and offers the failed rows for download', async () => {
    await page.getByRole('button', { name: 'Português' }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    await page.getByRole('menuitem', { name: 'Products' }).click()
    await row('Royal Bet Sportsbook').waitFor()

    await page.getByRole('button', { name: 'Import CSV' }).click()
    const csv = 'name,brand,status\nRoyal Bet Poker,Royal Bet,active\nGhost Slots,No Such Brand,active\n'
    await page
      .getByTestId('product-import-file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByText('1 of 2 rows imported, 1 failed.').waitFor()
    await page.getByRole('cell', { name: 'Brand "No Such Brand" does not exist' }).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download failed rows' }).click(),
    ])
    const failedRows = await readFile((await download.path())!, 'utf8')
    expect(failedRows).toContain('Ghost Slots,No Such Brand')

    await page.getByRole('button', { name: 'Close' }).click()
    await row('Royal Bet Poker').waitFor()
  })

  it('exports every matching product on the server and finds the file again in Downloads', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ])
    const exported = await readFile((await download.path())!, 'utf8')
    expect(exported.split('\n')[0]).toBe('id,name,brand_id,status,created_at')
    expect(exported).toContain('Royal Bet Poker')

    await page.goto(`${server.url}/downloads`)
    const entry = row('products-')
    await entry.getByText('Exported').waitFor()
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      entry.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(await readFile((await again.path())!, 'utf8')).toBe(exported)
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
