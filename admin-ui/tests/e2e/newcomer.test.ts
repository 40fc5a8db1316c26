/*
 * What a newcomer sees on a first visit, against a real server with the demo data: the
 * dashboard in the organisation's theme colour (and a new colour applied at once, on the
 * branded login page too), the clicks of a followed tracking link on the clicks screen,
 * the affiliate panel (brand names, dates, a home that promises only what exists, empty
 * lists without a dead invitation, its own clicks only), deep links explaining why they
 * are off, who referred whom, plugin names and saves in Portuguese and Turkish — and no
 * failed API call or error in the console along the way.
 * Screenshots of the dashboard (its figures at a glance), the clicks screen on the demo's
 * clicks and the affiliate panel go to admin-ui/test-results/newcomer/.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/newcomer/', import.meta.url))
const DEMO_ORG = 'Demo Casino Network'
const AFFILIATE = { email: 'affiliate@demo.affix.dev', password: 'Demo#1234', name: 'Ana Souza' }
/** The named theme colours as the browser computes them (layout/theme.ts). */
const PURPLE = 'rgb(123, 31, 162)'
const TEAL = 'rgb(0, 121, 107)'
const SPRING = 'Newcomer Spring CPA'
const PAUSED = 'Newcomer Paused CPA'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('a newcomer’s first visit in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let adminToken: string
  let orgId: number
  const problems: string[] = []

  const visit = (path: string) => page.goto(`${server.url}${path}`)
  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const api = async <T>(path: string, token = adminToken): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    return ((await response.json()) as { data: T }).data
  }
  const affiliateNamed = async (name: string) => {
    const rows = await api<Array<{ id: number; name: string }>>(
      `/api/v1/affiliates/affiliates?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`
    )
    const found = rows.find((row) => row.name === name)
    if (!found) throw new Error(`demo affiliate ${name} not found`)
    return found
  }
  const createCampaign = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/v1/campaigns/campaigns`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ defaultUrl: 'https://lucky.example/landing?cid={click_id}', ...body }),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { data: { id: number } }).data.id
  }
  const pickAutocomplete = async (label: string, option: string) => {
    const box = page.getByRole('combobox', { name: label })
    await box.click()
    await box.fill(option.slice(0, 8))
    await page.getByRole('option', { name: option }).click()
  }
  const logIn = async (email: string, password: string, path = '/login') => {
    await visit(path)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Home, or the page the last session ended on (a log-in returns there).
    await page.waitForURL((url) => url.pathname !== '/login')
    if (new URL(page.url()).pathname !== '/insights/dashboard') await visit('/insights/dashboard')
  }
  const logOut = async () => {
    await page.getByTestId('sidebar-footer').getByRole('menuitem', { name: 'User' }).click()
    await page.getByRole('menu').last().getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  }
  const appBarColour = () =>
    page.locator('header.MuiAppBar-root').evaluate((bar) => getComputedStyle(bar).backgroundColor)
  const switchLanguage = async (from: string, to: string) => {
    await page.getByRole('button', { name: from }).click()
    await page.getByRole('menuitem', { name: to }).click()
  }
  const database = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  const columnHeaders = () => page.getByRole('columnheader').allInnerTexts()

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    await mkdir(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_newcomer' })
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    adminToken = ((await login.json()) as { data: { token: string } }).data.token
    orgId = (await api<{ org: { id: number } }>('/api/v1/account')).org.id
    // The demo shows deep links (feature edl); this suite turns the feature off to see how the panel explains it.
    await database((client) =>
      client.query(`UPDATE organizations SET features = features - 'edl' WHERE id = $1`, [orgId])
    )
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    // Console noise and failed API calls are defects here: every one is collected and must stay absent.
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

  it('shows the dashboard in the organisation’s colour, with deep links marked as not enabled', async () => {
    await logIn(demoAdmin.email, demoAdmin.password)
    await page.getByText(`Welcome to ${DEMO_ORG}`).waitFor()
    // Default purple: the app bar and the primary buttons, not MUI's blue.
    await expect.poll(appBarColour).toBe(PURPLE)
    const shortcut = page.locator('#main-content').getByRole('link', { name: 'Campaigns' })
    await expect(shortcut.evaluate((link) => getComputedStyle(link).color)).resolves.toBe(PURPLE)
    // Without feature edl the deep links plugin is on, but says it offers nothing.
    await page.getByTestId('plugin-feature-missing').filter({ hasText: 'Deep links (not enabled' }).waitFor()
    // The demo's figures at a glance, each as its list counts it (the API's Content-Range total).
    const glance = page.getByRole('region', { name: 'At a glance' })
    const figure = async (label: string) => {
      const value = glance.getByLabel(new RegExp(`^${label}: [\\d,]+$`))
      await value.waitFor()
      return Number((await value.innerText()).replace(/,/g, ''))
    }
    const total = async (path: string, filter: Record<string, unknown>) => {
      const response = await fetch(
        `${server.url}${path}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        {
          headers: { Authorization: `Bearer ${adminToken}` },
        }
      )
      return Number(response.headers.get('content-range')!.split('/')[1])
    }
    const clicks = await figure('Clicks, last 30 days')
    expect(clicks).toBeGreaterThan(10_000)
    expect(await figure('New customers, last 30 days')).toBeGreaterThan(0)
    expect(await figure('First deposits, last 30 days')).toBeGreaterThan(0)
    expect(await figure('Commissions awaiting approval')).toBe(
      await total('/api/v1/payouts/rows', { status: 'pending' })
    )
    await screenshot('dashboard')
    // A figure opens its list with the same filter.
    await glance.getByRole('link', { name: /Commissions awaiting approval/ }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/payout')
    await page.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Unapproved' }).waitFor()
  })

  it('explains on /manage/deep-links and in Integrations why deep links are off', async () => {
    await visit('/manage/deep-links')
    await page.getByTestId('feature-not-enabled').getByText(`Deep links is not enabled for ${DEMO_ORG}`).waitFor()
    expect(new URL(page.url()).pathname).toBe('/manage/deep-links')
    await expect(page.getByTestId('feature-not-enabled').innerText()).resolves.toContain('edl')

    await visit('/configuration/integrations')
    const deepLinks = page.getByRole('region', { name: 'Deep links' })
    await deepLinks.getByTestId('feature-missing').waitFor()
    await expect(deepLinks.getByTestId('feature-missing').innerText()).resolves.toContain('edl')
    // Only plugins with settings show (and ask for) a settings form.
    await page.getByRole('region', { name: 'Brands and products' }).getByText('Settings').waitFor()
    await expect(page.getByRole('region', { name: 'Campaigns' }).getByText('Settings').count()).resolves.toBe(0)
  })

  it('shows who referred whom to the network', async () => {
    await visit('/manage/referred-affiliates')
    await page.getByRole('textbox', { name: 'Search' }).fill('Lucas')
    const lucas = page.getByRole('row').filter({ hasText: 'Lucas Pereira' })
    await lucas.waitFor()
    await expect(lucas.innerText()).resolves.toContain('Ana Souza')
  })

  it('shows the network the demo’s clicks, newest first, with their countries, devices and outcomes', async () => {
    await visit('/engagements/click')
    // Data rows (each has a hidden expansion row beside it).
    const rows = page.locator('#main-content tbody tr').filter({ hasText: /Redirected|Fallback|Rejected/ })
    await expect.poll(() => rows.count()).toBe(25)
    // Thousands of demo clicks behind the first page.
    await expect
      .poll(async () =>
        Number(/of ([\d,]+)/.exec(await page.locator('#main-content').innerText())?.[1].replace(/,/g, ''))
      )
      .toBeGreaterThan(40_000)
    const text = await page.locator('#main-content').innerText()
    expect(text).toMatch(/Redirected/)
    // Countries and devices as recorded (the click path's geo and user-agent lookups).
    expect(text).toMatch(/\b(BR|TR|MX|DE|GB|ES|PT|AR)\b/)
    expect(text).toMatch(/mobile|desktop|tablet/)
    await screenshot('clicks')
    await visit('/insights/dashboard')
  })

  it('shows the clicks of a followed tracking link, with why a refused one was refused', async () => {
    const ana = await affiliateNamed('Ana Souza')
    const lucas = await affiliateNamed('Lucas Pereira')
    const brand = (await api<Array<{ id: number; name: string }>>('/api/v1/brands/brands')).find(
      (row) => row.name === 'Lucky Spin Casino'
    )!
    // Campaigns of this test only, so demo clicks never get in the way.
    const spring = await createCampaign({ title: SPRING, brandId: brand.id })
    const paused = await createCampaign({ title: PAUSED, brandId: brand.id, status: 'paused' })
    const follow = async (path: string) =>
      fetch(`${server.url}${path}`, { redirect: 'manual', headers: { 'User-Agent': IPHONE } })
    expect((await follow(`/c/${spring}?pub_id=${ana.id}&source=spring-mail&sub1=spring`)).status).toBe(302)
    expect((await follow(`/c/${spring}?pub_id=${lucas.id}&source=lucas-list`)).status).toBe(302)
    // A paused campaign refuses the click (recorded with its reason).
    expect((await follow(`/c/${paused}?pub_id=${ana.id}`)).status).toBeGreaterThanOrEqual(400)

    await page.locator('#main-content').waitFor()
    await page.getByRole('menuitem', { name: 'Clicks' }).click()
    await page.waitForURL((url) => url.pathname === '/engagements/click')
    const refused = page.getByRole('row').filter({ hasText: PAUSED })
    await refused.waitFor()
    expect(await columnHeaders()).toEqual(
      expect.arrayContaining(['Campaign', 'Affiliate', 'Outcome', 'Reason', 'Fraud'])
    )
    await expect(refused.innerText()).resolves.toContain('Campaign paused')
    await expect(refused.innerText()).resolves.toContain('Rejected')

    // Filtered on the campaign: its two clicks, Ana's and Lucas's, both sent on.
    await pickAutocomplete('Campaign', SPRING)
    const springRows = page.getByRole('row').filter({ hasText: SPRING })
    await expect.poll(() => page.getByRole('row').filter({ hasText: PAUSED }).count()).toBe(0)
    await expect.poll(() => springRows.count()).toBe(2)
    for (const name of ['Ana Souza', 'Lucas Pereira'])
      await expect(page.getByRole('row').filter({ hasText: name }).innerText()).resolves.toContain('Redirected')
    // And on the outcome: no refused click there.
    await page.getByRole('combobox', { name: 'Outcome' }).click()
    await page.getByRole('option', { name: 'Rejected' }).click()
    await expect.poll(() => springRows.count()).toBe(0)
    await page.getByRole('combobox', { name: 'Outcome' }).click()
    await page.getByRole('option', { name: 'Redirected' }).click()
    await expect.poll(() => springRows.count()).toBe(2)

    // A row opens everything recorded of the click.
    await page.getByRole('row').filter({ hasText: 'spring-mail' }).click()
    const details = page.getByTestId('click-details')
    await details.waitFor()
    await expect(details.innerText()).resolves.toContain('sub1=spring')
    await expect(details.innerText()).resolves.toContain('iPhone')
    await screenshot('clicks-followed-link')
  })

  it('applies a new theme colour at once, and on the organisation’s login page', async () => {
    await visit('/manage/organization')
    const preferences = page.getByRole('region', { name: 'Preferences' })
    await preferences.getByRole('button', { name: 'Teal' }).click()
    await preferences.getByRole('button', { name: 'Save' }).click()
    // No reload: the frame follows the saved preference.
    await expect.poll(appBarColour, { timeout: 10_000 }).toBe(TEAL)
    await logOut()

    await visit(`/login?orgId=${orgId}`)
    const signIn = page.getByRole('button', { name: 'Sign in' })
    await signIn.waitFor()
    await expect.poll(() => signIn.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(TEAL)

    // Back to the default, through the API.
    const response = await fetch(`${server.url}/api/v1/organization`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ preferences: { themeColor: 'purple' } }),
    })
    expect(response.status).toBe(200)
  })

  it('shows the affiliate its panel: what it can do, brand names and dates, its own clicks', async () => {
    // The demo's promo codes are removed: the affiliate's list is then empty.
    await database((client) => client.query('DELETE FROM promo_codes WHERE organization_id = $1', [orgId]))
    await logIn(AFFILIATE.email, AFFILIATE.password)
    const home = page.getByTestId('affiliate-home')
    await home.getByText(`Welcome, ${AFFILIATE.name}`).waitFor()
    const features = home.getByTestId('panel-home-features')
    await features.getByText('Find campaigns to promote').waitFor()
    await features.getByText('See every click on your links').waitFor()
    // What the installed plugins give it (players, commissions, postbacks), and nothing promised
    // that does not exist yet (invoices, reports).
    await features.getByText('See the players you brought and how each was attributed to you.').waitFor()
    const text = (await home.innerText()).toLowerCase()
    expect(text).toContain('commissions')
    expect(text).not.toContain('invoice')
    expect(text).not.toContain('report')
    await screenshot('affiliate-home')

    await page.getByRole('menuitem', { name: 'Campaigns' }).click()
    const welcome = page.getByRole('row').filter({ hasText: 'Evergreen Rev Share' })
    await welcome.waitFor()
    // The brand by name (affiliates may not read brands: it used to show "#3") and the date.
    await expect(welcome.innerText()).resolves.toContain('Lucky Spin Casino')
    await expect(welcome.innerText()).resolves.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/)
    await expect(page.locator('#main-content').innerText()).resolves.not.toMatch(/#\d+/)
    await screenshot('affiliate-campaigns')

    // Its own clicks, without the affiliate column or fraud marks.
    await page.getByRole('menuitem', { name: 'Clicks' }).click()
    await page.getByRole('row').filter({ hasText: 'spring-mail' }).waitFor()
    await page.getByRole('row').filter({ hasText: PAUSED }).waitFor()
    await expect(page.locator('#main-content').innerText()).resolves.not.toContain('lucas-list')
    const headers = await columnHeaders()
    expect(headers).not.toContain('Affiliate')
    expect(headers).not.toContain('Fraud')
    await screenshot('affiliate-clicks')
    // Its clicks a fraud rule sent to the fallback: there, but without the fraud reason (a
    // fallback always has a reason otherwise). The demo's newest fallbacks include some.
    const fraudBlocked = await database(async (client) => {
      const { rows } = await client.query<{ reason: string }>(
        `SELECT reason FROM tracking_clicks WHERE affiliate_id = (SELECT id FROM users WHERE email = $1)
           AND outcome = 'fallback' ORDER BY created_at DESC, click_id DESC LIMIT 25`,
        [AFFILIATE.email]
      )
      return rows.filter((row) => row.reason === 'fraud_block').length
    })
    expect(fraudBlocked).toBeGreaterThan(0)
    await page.getByRole('combobox', { name: 'Outcome' }).click()
    await page.getByRole('option', { name: 'Fallback' }).click()
    const fallbacks = page.locator('#main-content tbody tr').filter({ hasText: /Redirected|Fallback|Rejected/ })
    // The filtered page has loaded: fallbacks only.
    await expect.poll(() => fallbacks.filter({ hasNotText: 'Fallback' }).count()).toBe(0)
    await expect.poll(() => fallbacks.count()).toBeGreaterThan(fraudBlocked)
    const reasons = await fallbacks.evaluateAll((rows) => {
      const column = [...(rows[0]?.closest('table')?.querySelectorAll('thead th') ?? [])].findIndex(
        (cell) => (cell as HTMLElement).innerText.trim() === 'Reason'
      )
      return rows.map((row) => (row.children[column] as HTMLElement | undefined)?.innerText.trim())
    })
    expect(reasons.filter((reason) => reason === '—')).toHaveLength(fraudBlocked)
    const shown = await page.locator('#main-content').innerText()
    expect(shown).not.toMatch(/fraud/i)
    expect(shown).not.toMatch(/\bbot\b/i)
    await screenshot('affiliate-clicks-fallback')

    // An empty list says so, without inviting to add what it may not add.
    await page.getByRole('menuitem', { name: 'Promo codes' }).click()
    await page.getByTestId('empty-list').getByText('No promo codes yet.').waitFor()
    await expect(page.getByText('Do you want to add one?').count()).resolves.toBe(0)
    await expect(page.getByTestId('empty-list').getByRole('link', { name: 'Create' }).count()).resolves.toBe(0)

    // Its own referred affiliates at the same path as the network's view.
    await page.getByRole('menuitem', { name: 'Referred affiliates' }).click()
    await page.getByRole('row').filter({ hasText: 'Lucas Pereira' }).waitFor()
    await logOut()
  })

  it('opens a record at its spec path, and its form from there', async () => {
    await logIn(demoAdmin.email, demoAdmin.password)
    const brand = (await api<Array<{ id: number; name: string }>>('/api/v1/brands/brands'))[0]
    // react-admin's own /show links land on the record's one address.
    await visit(`/manage/brand/${brand.id}/show`)
    await page.waitForURL((url) => url.pathname === `/manage/brand/${brand.id}`)
    await page.locator('#main-content').getByText(brand.name).first().waitFor()
    await page.locator('#main-content').getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL((url) => url.pathname === `/manage/brand/${brand.id}/edit`)
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor()
  })

  it('names the plugins and says what was saved in Portuguese and Turkish', async () => {
    await visit('/insights/dashboard')
    await switchLanguage('English', 'Português')
    await page.getByText('Marcas e produtos', { exact: true }).waitFor()
    await page.getByText('Rastreamento de cliques', { exact: true }).waitFor()

    const brand = (await api<Array<{ id: number; name: string }>>('/api/v1/brands/brands'))[0]
    await visit(`/manage/brand/${brand.id}/edit`)
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(`${brand.name} Brasil`)
    await page.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Marca salva').waitFor()

    await switchLanguage('Português', 'Türkçe')
    await visit('/configuration/integrations')
    await page.getByRole('region', { name: 'Ortaklar ve gruplar' }).waitFor()
    await expect(page.locator('#main-content').innerText()).resolves.not.toMatch(/affiliate/i)
    await switchLanguage('Türkçe', 'English')
  })

  it('made no failed API call and logged no error', () => {
    expect(problems).toEqual([])
  })
})
