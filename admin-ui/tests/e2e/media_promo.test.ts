/*
 * Browser test of the media and promo code screens against a real server: a banner upload
 * with its preview, the media detail and the banner code of a demo affiliate; promo codes
 * with included and excluded affiliates (the "exclude needs at least one" rule first) and
 * the statuses the server derives. Screenshots under test-results/media_promo/.
 */
import { existsSync, mkdirSync } from 'node:fs'
import sharp from 'sharp'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const BANNER = 'Playwright summer banner'
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A datetime-local value (the browser's local time) `days` from now. */
function localDateTime(days: number) {
  const date = new Date(Date.now() + days * 86_400_000)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('media and promo codes in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let token: string
  const pageErrors: string[] = []

  const input = (label: string | RegExp) => page.getByRole('textbox', { name: label })
  const row = (text: string) => page.getByRole('row').filter({ hasText: text })
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    return ((await response.json()) as { data: T }).data
  }
  const affiliateNamed = async (name: string) => {
    const affiliates = await api<Array<{ id: number; name: string }>>(
      `/api/v1/affiliates/affiliates?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`
    )
    const found = affiliates.find((affiliate) => affiliate.name === name)
    if (!found) throw new Error(`demo affiliate ${name} not found`)
    return found
  }
  /** Opens a react-admin select (MUI) by its label and picks an option. */
  const choose = async (label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }
  /** Types into an autocomplete and picks the suggestion starting with `name`. */
  const pickAutocomplete = async (label: RegExp, name: string) => {
    const box = page.getByRole('combobox', { name: label })
    await box.click()
    await box.fill(name.slice(0, 4))
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click()
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_mp' })
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    token = ((await login.json()) as { data: { token: string } }).data.token
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 1000 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  const SCREENSHOTS = new URL('../../test-results/media_promo/', import.meta.url)
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

  it('logs in as the demo admin', async () => {
    await page.goto(server.url)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demoAdmin.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Welcome to Demo Casino Network').waitFor()
  })

  it('uploads a banner and previews it before and after saving', async () => {
    await page.goto(`${server.url}/manage/media`)
    await page.waitForURL(/\/manage\/media$/)
    await page.getByRole('link', { name: 'Create' }).click()
    await input(/^Title/).fill(BANNER)
    await choose(/^Type/, 'Banner')
    const png = await sharp({ create: { width: 300, height: 250, channels: 3, background: { r: 250, g: 160, b: 20 } } })
      .png()
      .toBuffer()
    await page.getByTestId('media-file-input').setInputFiles({ name: 'summer.png', mimeType: 'image/png', buffer: png })
    const preview = page.getByTestId('media-preview')
    await preview.waitFor()
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300)
    await page.getByRole('button', { name: 'Save' }).click()

    await page.waitForURL(/\/manage\/media\/\d+$/)
    await page.getByText('summer.png · image/png').waitFor()
    await expect
      .poll(() =>
        page.getByTestId('media-preview').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)
      )
      .toBe(300)

    await page.goto(`${server.url}/manage/media`)
    await expect
      .poll(() =>
        row(BANNER)
          .getByTestId('media-thumbnail')
          .evaluate((image: HTMLImageElement) => image.naturalWidth)
      )
      .toBe(300)
    await row(BANNER).getByText('Active', { exact: true }).waitFor()
  })

  it("opens the banner's detail and generates the banner code of a demo affiliate", async () => {
    const ana = await affiliateNamed('Ana Souza')
    await row(BANNER).getByText(BANNER).click()
    await page.waitForURL(/\/manage\/media\/\d+$/)
    const mediaId = Number(/\/manage\/media\/(\d+)$/.exec(page.url())![1])

    await page.getByRole('button', { name: 'Generate' }).click()
    await page.getByText('Please select an affiliate').waitFor()
    await pickAutocomplete(/^Affiliate/, 'Ana Souza')
    // The banner is linked to no campaign: the server asks for one (a link without tracks nothing).
    await page.getByRole('button', { name: 'Generate' }).click()
    await page
      .getByText(/^Choose the campaign the banner links to/)
      .first()
      .waitFor()
    expect(await page.getByTestId('banner-code-link').count()).toBe(0)
    await pickAutocomplete(/^Campaign/, 'Welcome Bonus CPA')
    await page.getByRole('button', { name: 'Generate' }).click()

    const link = page.getByTestId('banner-code-link')
    await expect.poll(() => link.inputValue()).toContain(`pub_id=${ana.id}`)
    const trackingLink = await link.inputValue()
    expect(trackingLink).toContain(`media_id=${mediaId}`)
    expect(new URL(trackingLink).pathname).toMatch(/^\/c\/\d+$/)
    const html = await page.getByTestId('banner-code-html').inputValue()
    expect(html).toContain(`href="${escapeHtml(trackingLink)}"`)
    // The image comes from the banner's public link (the affiliate's visitors have no token).
    const media = await api<{ file: { publicUrl: string } }>(`/api/v1/media/media/${mediaId}`)
    expect(html).toContain(`<img src="${escapeHtml(new URL(media.file.publicUrl, server.url).href)}"`)
    const js = await page.getByTestId('banner-code-js').inputValue()
    expect(js).toMatch(/^<script>.*<\/script>$/s)
    expect(js).toContain(`pub_id=${ana.id}`)
    // The live preview shows the banner itself (the file inlined: its URL needs a token).
    const frame = page.frameLocator('[data-testid="banner-code-preview"]')
    await expect
      .poll(() => frame.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(300)
    expect(await frame.locator('a').getAttribute('href')).toBe(trackingLink)
  })

  it('creates a promo code for included affiliates, starting in the future', async () => {
    await page.goto(`${server.url}/manage/promo-code`)
    await page.waitForURL(/\/manage\/promo-code$/)
    await page.getByRole('link', { name: 'Create' }).click()
    await input(/^Code/).fill('PWINCLUDE')
    await page.getByRole('spinbutton', { name: /^Bonus/ }).fill('25')
    await page.getByRole('radio', { name: 'Include affiliates' }).check()
    await pickAutocomplete(/^Included affiliates/, 'Ana Souza')
    await page.getByLabel('Start date').fill(localDateTime(10))
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/manage\/promo-code$/)
    await row('PWINCLUDE').getByText('Future', { exact: true }).waitFor()
    const [code] = await api<Array<{ code: string; affiliateSelection: string; includedAffiliateIds: number[] }>>(
      `/api/v1/promo-codes/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: 'PWINCLUDE' }))}`
    )
    expect(code).toMatchObject({
      code: 'PWINCLUDE',
      affiliateSelection: 'include',
      includedAffiliateIds: [(await affiliateNamed('Ana Souza')).id],
    })
  })

  it('refuses an exclude selection without affiliates, then saves an expired code excluding one', async () => {
    await page.getByRole('link', { name: 'Create' }).click()
    await input(/^Code/).fill('PWEXCLUDE')
    await page.getByRole('radio', { name: 'Exclude affiliates' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Exclude needs at least one affiliate').waitFor()
    expect(page.url()).toMatch(/\/manage\/promo-code\/create$/)

    await pickAutocomplete(/^Excluded affiliates/, 'Lucas Pereira')
    await page.getByLabel('Start date').fill(localDateTime(-10))
    await page.getByLabel('End date').fill(localDateTime(-2))
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/manage\/promo-code$/)
    await row('PWEXCLUDE').getByText('Expired', { exact: true }).waitFor()
    await row('PWINCLUDE').getByText('Future', { exact: true }).waitFor()
    const [code] = await api<Array<{ excludedAffiliateIds: number[]; status: string }>>(
      `/api/v1/promo-codes/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: 'PWEXCLUDE' }))}`
    )
    expect(code).toMatchObject({
      status: 'expired',
      excludedAffiliateIds: [(await affiliateNamed('Lucas Pereira')).id],
    })
  })

  it('filters the list by derived status', async () => {
    await choose(/^Status/, 'Expired')
    await row('PWEXCLUDE').waitFor()
    await expect.poll(() => row('PWINCLUDE').count()).toBe(0)
  })

  it('shows an affiliate the media read-only, with banner code for itself only', async () => {
    const ana = await affiliateNamed('Ana Souza')
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${server.url}/login`)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('affiliate@demo.affix.dev')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo#1234')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('affiliateToken'))).toMatch(/\S+/)

    await page.goto(`${server.url}/manage/media`)
    await row(BANNER).waitFor()
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0)
    expect(await row(BANNER).getByRole('checkbox').count()).toBe(0)
    await row(BANNER).getByText(BANNER).click()
    await page.waitForURL(/\/manage\/media\/\d+$/)
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Replace file' }).count()).toBe(0)
    expect(await page.getByRole('combobox', { name: /^Affiliate/ }).count()).toBe(0)
    await pickAutocomplete(/^Campaign/, 'Welcome Bonus CPA')
    await page.getByRole('button', { name: 'Generate' }).click()
    await expect.poll(() => page.getByTestId('banner-code-link').inputValue()).toContain(`pub_id=${ana.id}`)
    expect(pageErrors).toEqual([])
  })
})
