/*
 * Browser test of the campaign screens against a real server: the demo admin creates a
 * campaign through the 3 steps (its default URL points at a small local "brand" server),
 * adds a cap and a targeting rule block (then deletes the block), generates a tracking link
 * for a demo affiliate and follows it: the browser lands on the brand's page with the click
 * id substituted. Screenshots under test-results/campaigns/ (the details, caps and targeting
 * tabs).
 */
import { mkdirSync, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const TITLE = 'Playwright Spring CPA'
/** A campaign of the demo data (active, public, CPA with caps), for the details screenshot. */
const DEMO_CAMPAIGN = 'Welcome Bonus CPA'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('campaigns in a browser', () => {
  let server: TestServer
  let brand: Server
  let brandUrl: string
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let token: string
  let campaignId: number
  let trackingLink: string
  const pageErrors: string[] = []

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
  const pickAutocomplete = async (label: RegExp, name: string) => {
    const box = page.getByRole('combobox', { name: label })
    await box.click()
    await box.fill(name.slice(0, 4))
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click()
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    // The brand's landing page: any path answers, so the browser can land there.
    brand = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end(
        `<!doctype html><title>Brand landing</title><h1>Brand landing</h1><p>${request.url?.replace(/</g, '&lt;')}</p>`
      )
    })
    await new Promise<void>((resolve) => brand.listen(0, '127.0.0.1', resolve))
    brandUrl = `http://127.0.0.1:${(brand.address() as AddressInfo).port}`
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_camp' })
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

  const SCREENSHOTS = new URL('../../test-results/campaigns/', import.meta.url)
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
    await new Promise((resolve) => brand?.close(resolve))
  })

  it('logs in as the demo admin', async () => {
    await page.goto(server.url)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demoAdmin.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Welcome to Demo Casino Network').waitFor()
  })

  it('creates a campaign through the basic, advanced and payout steps', async () => {
    await page.goto(`${server.url}/manage/campaign`)
    await page.waitForURL(/\/manage\/campaign$/)
    // The demo campaigns, by title: the first page starts with the Champions League offer.
    await page.getByRole('row').filter({ hasText: 'Champions League Boost' }).waitFor()
    await page.getByRole('link', { name: 'Create' }).click()
    await page.getByRole('textbox', { name: /^Title/ }).fill(TITLE)
    await pickAutocomplete(/^Brand/, 'Lucky Spin Casino')
    await page.getByRole('textbox', { name: /^Default URL/ }).fill(`${brandUrl}/landing?cid={click_id}&aff={pub_id}`)
    // The server's URL validator answers under the field.
    await page.getByText('URL is valid with the specified macros.').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: /^Currency/ }).fill('EUR')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('spinbutton', { name: /^CPA payout/ }).fill('0')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Must be greater than zero').waitFor()
    await page.getByRole('spinbutton', { name: /^CPA payout/ }).fill('75')
    await page.getByRole('button', { name: 'Save' }).click()
    // The campaign is created first; the plan follows through PUT /campaigns/:id/payout (on failure the page is the edit wizard).
    await page.waitForURL(/\/manage\/campaign\/\d+(\/edit)?$/)
    campaignId = Number(/\/manage\/campaign\/(\d+)/.exec(page.url())![1])
    const campaign = await api<{ title: string; defaultUrl: string; currency: string; status: string }>(
      `/api/v1/campaigns/campaigns/${campaignId}`
    )
    expect(campaign).toMatchObject({
      title: TITLE,
      defaultUrl: `${brandUrl}/landing?cid={click_id}&aff={pub_id}`,
      currency: 'EUR',
      status: 'active',
    })
    const payout = await api<Record<string, unknown>>(`/api/v1/campaigns/campaigns/${campaignId}/payout`)
    expect(payout?.model).toBe('cpa')
    expect(Number(payout?.cpaPayout ?? payout?.cpa_payout)).toBe(75)
    // The campaign's page is the spec's /manage/campaign/{id}.
    expect(page.url()).toMatch(/\/manage\/campaign\/\d+$/)
  })

  it('labels every field of the Details tab', async () => {
    await page.goto(`${server.url}/manage/campaign/${campaignId}`)
    const details = page.getByTestId('campaign-details')
    await details.waitFor()
    // Each value sits under its own label (fields grouped in a fragment came out unlabelled, run together).
    const labelled = async (label: string) =>
      details
        .getByTestId('campaign-field')
        .filter({ has: page.locator('.RaLabeled-label', { hasText: new RegExp(`^${label}$`) }) })
        .innerText()
    await expect.poll(() => labelled('Title')).toContain(TITLE)
    await expect.poll(() => labelled('Brand')).toContain('Lucky Spin Casino')
    await expect.poll(() => labelled('Status')).toContain('Active')
    await expect.poll(() => labelled('Currency')).toContain('EUR')
    await expect.poll(() => labelled('Default URL')).toContain(`${brandUrl}/landing?cid={click_id}`)
    const labels = await details.getByTestId('campaign-field').locator('.RaLabeled-label').allInnerTexts()
    expect(labels).toEqual(expect.arrayContaining(['Title', 'Brand', 'Status', 'Visibility', 'Currency', 'Created']))
    // Title and brand are two fields, not one run of text.
    expect(await details.innerText()).not.toContain(`${TITLE}Lucky Spin Casino`)
  })

  it('shows a demo campaign’s details as a newcomer finds them (screenshot campaign-details)', async () => {
    const [demo] = (
      await api<Array<{ id: number; title: string }>>(
        `/api/v1/campaigns/campaigns?filter=${encodeURIComponent(JSON.stringify({ q: DEMO_CAMPAIGN }))}`
      )
    ).filter((campaign) => campaign.title === DEMO_CAMPAIGN)
    await page.goto(`${server.url}/manage/campaign/${demo.id}`)
    const details = page.getByTestId('campaign-details')
    await details.waitFor()
    const labelled = async (label: string) =>
      details
        .getByTestId('campaign-field')
        .filter({ has: page.locator('.RaLabeled-label', { hasText: new RegExp(`^${label}$`) }) })
        .innerText()
    await expect.poll(() => labelled('Title')).toContain(DEMO_CAMPAIGN)
    await expect.poll(() => labelled('Brand')).toContain('Lucky Spin Casino')
    await expect.poll(() => labelled('Default URL')).toContain('https://luckyspin.example/welcome')
    // A demo record, not one this suite made (their URLs point at the local brand server).
    expect(await page.locator('#main-content').innerText()).not.toContain('127.0.0.1')
    await page.screenshot({ path: new URL('campaign-details.png', SCREENSHOTS).pathname, fullPage: true })
  })

  it('adds a cap after the client checks', async () => {
    await page.goto(`${server.url}/manage/campaign/${campaignId}`)
    await page.getByRole('tab', { name: 'Caps', exact: true }).click()
    await page.getByRole('button', { name: 'Add cap' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Enter at least one limit (hourly, daily, 15-day, monthly or lifetime)').waitFor()
    await page.getByRole('spinbutton', { name: 'Daily' }).fill('500')
    await page.getByRole('spinbutton', { name: 'Monthly' }).fill('100')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Daily must be below the 15-day and monthly limits').waitFor()
    await page.getByRole('spinbutton', { name: 'Daily' }).fill('50')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('row').filter({ hasText: 'Daily: 50, Monthly: 100' }).waitFor()
    await page.screenshot({ path: new URL('campaign-caps.png', SCREENSHOTS).pathname, fullPage: true })
    const caps = await api<Array<{ variable: string; limits: Record<string, number> }>>(
      `/api/v1/campaigns/campaigns/${campaignId}/caps`
    )
    expect(caps).toHaveLength(1)
    expect(caps[0]).toMatchObject({ variable: 'clicks', limits: { daily: 50, monthly: 100 } })
  })

  it('adds a targeting rule block, shows the server refusal of a value under its input, deletes it', async () => {
    await page.goto(`${server.url}/manage/campaign/${campaignId}`)
    await page.getByRole('tab', { name: 'Targeting', exact: true }).click()
    await page.getByRole('button', { name: 'Add rule block' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Not the office')
    await dialog.getByRole('combobox', { name: 'Field' }).click()
    await page.getByRole('option', { name: 'IP range' }).click()
    await dialog.getByRole('combobox', { name: 'Operator' }).click()
    await page.getByRole('option', { name: 'is not one of' }).click()
    await dialog.getByRole('textbox', { name: 'Values (comma-separated)' }).fill('10.0.0.0/40')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('10.0.0.0/40 is not a valid IP range (CIDR such as 10.0.0.0/8, or start-end)').waitFor()
    await page.screenshot({ path: new URL('campaign-rule-block-refused.png', SCREENSHOTS).pathname })
    await dialog.getByRole('textbox', { name: 'Values (comma-separated)' }).fill('10.0.0.0/8')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const row = page.getByRole('row').filter({ hasText: 'IP range is not one of 10.0.0.0/8' })
    await row.waitFor()
    const blocks = await api<Array<{ name: string }>>(`/api/v1/campaigns/campaigns/${campaignId}/rule-blocks`)
    expect(blocks).toMatchObject([{ name: 'Not the office' }])
    // Deleted again, so the link followed below meets no targeting.
    await row.getByRole('button', { name: 'Delete rule block' }).click()
    await page.screenshot({ path: new URL('campaign-rule-block-delete.png', SCREENSHOTS).pathname })
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('No rule blocks: every click goes to the campaign URL.').waitFor()
    expect(await api(`/api/v1/campaigns/campaigns/${campaignId}/rule-blocks`)).toEqual([])
  })

  it('generates a tracking link for a demo affiliate', async () => {
    const ana = await affiliateNamed('Ana Souza')
    await page.goto(`${server.url}/manage/campaign/${campaignId}`)
    await page.getByRole('tab', { name: 'Links', exact: true }).click()
    await page.getByRole('button', { name: 'Generate link' }).click()
    await page.getByText('Please select an affiliate').waitFor()
    await pickAutocomplete(/^Affiliate/, 'Ana Souza')
    await page.getByRole('textbox', { name: 'source', exact: true }).fill('newsletter')
    await page.getByRole('button', { name: 'Generate link' }).click()
    const link = page.getByTestId('tracking-link')
    await expect.poll(() => link.inputValue()).toContain(`pub_id=${ana.id}`)
    trackingLink = await link.inputValue()
    expect(trackingLink).toContain(`/c/${campaignId}`)
    expect(trackingLink).toContain('source=newsletter')
  })

  it('follows the link and lands on the brand with the click id substituted', async () => {
    const ana = await affiliateNamed('Ana Souza')
    await page.goto(trackingLink)
    await page.waitForURL((url) => url.href.startsWith(`${brandUrl}/landing`))
    await page.getByRole('heading', { name: 'Brand landing' }).waitFor()
    const landed = new URL(page.url())
    const clickId = landed.searchParams.get('cid')
    expect(clickId).toBeTruthy()
    expect(clickId).not.toBe('{click_id}')
    expect(clickId).not.toContain('{')
    expect(landed.searchParams.get('aff')).toBe(String(ana.id))
    // The click is recorded under that id.
    await expect
      .poll(async () => (await api<{ campaignId: number } | null>(`/api/v1/tracking/clicks/${clickId}`))?.campaignId, {
        timeout: 15_000,
      })
      .toBe(campaignId)
    expect(pageErrors).toEqual([])
  })
})
