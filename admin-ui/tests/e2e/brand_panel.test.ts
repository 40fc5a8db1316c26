/*
 * The brand panel in a browser (spec §3, §6): an admin invites a person to a brand from the
 * brand's page, the person chooses a password through the mailed invitation and logs in; a
 * brand panel sees and manages only its brand's products; an admin logs in as the brand.
 * Screenshots go to admin-ui/test-results/brand-panel/.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/brand-panel/', import.meta.url))
const DESK = { email: 'desk@luckyspin.example', password: 'Lucky#Desk2026' }

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('the brand panel in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let luckyId = 0
  const problems: string[] = []

  const visit = (target: Page, path: string) => target.goto(`${server.url}${path}`)
  const screenshot = (target: Page, name: string) =>
    target.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
  const watch = (target: Page) => {
    target.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    target.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 500)
        problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`)
    })
  }
  const logIn = async (target: Page, email: string, password: string) => {
    await visit(target, '/login')
    await target.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await target.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await target.getByRole('button', { name: 'Sign in' }).click()
    await target.waitForURL((url) => url.pathname !== '/login')
  }
  const productNames = async (target: Page) => {
    await target.getByRole('row').nth(1).waitFor()
    return target.locator('#main-content tbody tr td:nth-child(2)').allInnerTexts()
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    mkdirSync(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_brand_panel' })
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const brands = await fetch(`${server.url}/api/v1/brands/brands`, { headers: { Authorization: `Bearer ${token}` } })
    luckyId = ((await brands.json()) as { data: Array<{ id: number; name: string }> }).data.find(
      (brand) => brand.name === 'Lucky Spin Casino'
    )!.id
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })).newPage()
    watch(page)
  })

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it("shows the brand's people on its page and invites a person, who sets a password and logs in", async () => {
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await visit(page, `/manage/brand/${luckyId}`)
    const people = page.getByRole('region', { name: 'People of this brand' })
    await people.getByRole('row').filter({ hasText: 'Lucky Spin Partners' }).waitFor()
    await people.getByRole('textbox', { name: 'Email' }).fill(DESK.email)
    await people.getByRole('textbox', { name: 'Name' }).fill('Lucky Spin Desk')
    await people.getByRole('button', { name: 'Invite' }).click()
    await page.getByText(`Invitation sent to ${DESK.email}`).waitFor()
    const desk = people.getByRole('row').filter({ hasText: 'Lucky Spin Desk' })
    await desk.waitFor()
    await expect(desk.innerText()).resolves.toContain('Invitation sent')
    await screenshot(page, 'brand-people')

    // The person, in a browser of their own, follows the mailed invitation.
    const person = await (await browser.newContext({ locale: 'en-US' })).newPage()
    watch(person)
    await visit(person, server.lastMailedLink(DESK.email).path)
    await person.getByRole('textbox', { name: 'New password' }).fill(DESK.password)
    await person.getByRole('textbox', { name: 'Confirm password' }).fill(DESK.password)
    await person.getByRole('button', { name: 'Set password' }).click()
    await person.getByText('Your password is set. You can now log in.').waitFor()
    await logIn(person, DESK.email, DESK.password)
    await visit(person, '/manage/product')
    await expect.poll(() => productNames(person)).toEqual(['Lucky Spin Live Casino', 'Lucky Spin Slots'])
    await person.close()
  })

  it('logs an admin in as the brand, which manages only its own products', async () => {
    await visit(page, `/manage/brand/${luckyId}`)
    const partners = page
      .getByRole('region', { name: 'People of this brand' })
      .getByRole('row')
      .filter({ hasText: 'Lucky Spin Partners' })
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      partners.getByRole('button', { name: 'Log in as brand' }).click(),
    ])
    watch(tab)
    await tab.waitForURL((url) => !url.pathname.startsWith('/auth/login') && url.href !== 'about:blank', {
      timeout: 30_000,
    })
    await visit(tab, '/manage/product')
    // Royal Bet's product is not the brand's: not listed.
    await expect.poll(() => productNames(tab)).toEqual(['Lucky Spin Live Casino', 'Lucky Spin Slots'])
    await visit(tab, '/manage/product/create')
    await tab.getByRole('textbox', { name: 'Name', exact: true }).fill('Lucky Spin Poker')
    const brand = tab.getByRole('combobox', { name: 'Brand' })
    await brand.click()
    // The only brand it may choose is its own.
    await tab.getByRole('option', { name: 'Lucky Spin Casino' }).waitFor()
    await expect(tab.getByRole('option').count()).resolves.toBe(1)
    await tab.getByRole('option', { name: 'Lucky Spin Casino' }).click()
    await tab.getByRole('button', { name: 'Save' }).click()
    await tab.getByText('Product created').waitFor()
    await visit(tab, '/manage/product')
    await expect
      .poll(() => productNames(tab))
      .toEqual(['Lucky Spin Live Casino', 'Lucky Spin Poker', 'Lucky Spin Slots'])
    await screenshot(tab, 'brand-products')
    await tab.close()
  })

  it('made no server error and no page error', () => {
    expect(problems).toEqual([])
  })
})
