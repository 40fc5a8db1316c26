/*
 * Browser test of the frame against a real server: the demo admin's sidebar groups and
 * footer menu, the collapse state surviving a reload, the offline and new-version banners,
 * a sub-admin without Team Members and Billing, /403 for a call the server refuses, the
 * panel switcher of a person with two panels, and the forced logout (406) of a disabled
 * member. Screenshots go to admin-ui/test-results/frame/.
 *
 * Two panels for one person, the simplest real path: the demo organisation is a parent, so
 * the demo admin registers a child organisation with its admin (POST /organization/child),
 * then adds the same address as a sub-admin of the demo organisation (POST /team-members).
 * Nobody chooses their passwords but them: each person follows the invitation the server
 * mailed (read from its outbox), which sets their password on every panel of the address.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  TEST_SERVER,
  watchContentSecurityPolicy,
  type TestServer,
  type TestServerModule,
} from './browser'

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/frame/', import.meta.url))

const PASSWORD = 'Frame#1234'
const SUB_ADMIN = { name: 'Sam Subadmin', email: 'sub@frame.example' }
const TWO_PANELS = { name: 'Tess Twopanels', email: 'twopanels@frame.example' }
const CHILD_ORG = 'Frame Child Casino'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('the frame in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let adminToken: string
  let twoPanelsMemberId: number
  const pageErrors: string[] = []
  let cspViolations: string[] = []

  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true })
  const sidebar = () => page.getByTestId('sidebar')
  const footer = () => page.getByTestId('sidebar-footer')
  const openMenu = () => page.getByRole('menu').last()

  const api = async <T>(method: string, path: string, body?: unknown, token = adminToken): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const envelope = (await response.json()) as { success: boolean; data: T; error: { message: string } | null }
    if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.error?.message}`)
    return envelope.data
  }

  const logIn = async ({ email, password }: { email: string; password: string }) => {
    await page.goto(`${server.url}/login`)
    await textbox('Email').fill(email)
    await textbox('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  const logOut = async () => {
    await footer().getByRole('menuitem', { name: 'User' }).click()
    await openMenu().getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL(/\/login$/)
  }
  const userMenuEntries = async () => {
    await footer().getByRole('menuitem', { name: 'User' }).click()
    const entries = await openMenu().getByRole('menuitem').allTextContents()
    await page.keyboard.press('Escape')
    return entries
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    await mkdir(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_frame' })

    adminToken = (await api<{ token: string }>('POST', '/api/v1/auth/login', demoAdmin, '')).token
    await api('POST', '/api/v1/team-members', { ...SUB_ADMIN, role: 'sub-admin' })
    await api('POST', '/api/v1/organization/child', {
      name: CHILD_ORG,
      adminEmail: TWO_PANELS.email,
      adminName: TWO_PANELS.name,
    })
    const member = await api<{ id: number }>('POST', '/api/v1/team-members', { ...TWO_PANELS, role: 'sub-admin' })
    twoPanelsMemberId = member.id
    // Each person follows the last invitation mailed to them (it sets every panel of the address).
    for (const person of [SUB_ADMIN, TWO_PANELS]) {
      const { code } = server.lastMailedLink(person.email)
      await api('POST', '/api/v1/auth/password/reset', { code, password: PASSWORD, passwordConfirmation: PASSWORD }, '')
    }

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    cspViolations = await watchContentSecurityPolicy(page)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows the demo admin the organisation, the sidebar groups and the footer menu', async () => {
    await logIn(demoAdmin)
    await page.getByText('Welcome to Demo Casino Network').waitFor()
    await expect(page.title()).resolves.toBe('Dashboard | Demo Casino Network')
    // The root leads to the spec's /insights/dashboard, which stays in the address bar.
    await page.goto(`${server.url}/`)
    await page.waitForURL((url) => url.pathname === '/insights/dashboard')
    await page.getByText('Welcome to Demo Casino Network').waitFor()

    await expect(page.getByTestId('sidebar-organisation').textContent()).resolves.toContain('Demo Casino Network')
    for (const group of ['Home', 'Engagements', 'Manage', 'Configuration'])
      await sidebar().getByText(group, { exact: true }).waitFor()
    for (const item of ['Dashboard', 'Brands', 'Products', 'Organization']) {
      await sidebar().getByRole('menuitem', { name: item }).first().waitFor()
    }
    // No plugin fills Insights yet: empty groups are not shown.
    await expect(sidebar().getByText('Insights', { exact: true }).count()).resolves.toBe(0)

    await expect(userMenuEntries()).resolves.toEqual(['Profile', 'Team Members', 'Logout'])
    await footer().getByRole('menuitem', { name: 'Uploads' }).waitFor()
    await footer().getByRole('menuitem', { name: 'Help' }).click()
    await expect(openMenu().getByRole('menuitem').allTextContents()).resolves.toEqual([
      'Settings',
      'API Docs',
      'Help & Support',
    ])
    await expect(openMenu().getByRole('menuitem', { name: 'API Docs' }).getAttribute('href')).resolves.toBe('/api/docs')
    await openMenu().getByRole('menuitem', { name: 'Help & Support' }).click()
    await page.getByRole('dialog', { name: 'Help & Support' }).getByText('Demo Casino Network (#').waitFor()
    await screenshot('admin-help-dialog')
    await page.getByRole('button', { name: 'Close' }).click()

    await footer().getByRole('menuitem', { name: 'User' }).click()
    await openMenu().getByRole('menuitem', { name: 'Team Members' }).click()
    await page.waitForURL(/\/account\?tab=teamMembers$/)
    await screenshot('admin-sidebar')
  })

  it('lists the child organisation to act on in the panel switcher', async () => {
    await page.getByTestId('panel-switcher').click()
    await openMenu().getByTestId('panel-option').first().waitFor()
    await expect(openMenu().getByTestId('panel-option').count()).resolves.toBe(1)
    await openMenu().getByTestId('child-org-option').filter({ hasText: CHILD_ORG }).click()
    await page
      .getByTestId('panel-switcher')
      .filter({ hasText: `Acting on ${CHILD_ORG}` })
      .waitFor()
    await expect(page.evaluate(() => localStorage.getItem('coid'))).resolves.toMatch(/^\d+$/)
    // Acting on a child: no billing or team members of the child from here.
    await expect(userMenuEntries()).resolves.toEqual(['Profile', 'Logout'])
    await screenshot('admin-acting-on-child')

    // react-admin's app bar hides while the page is scrolled down (the account page is tall).
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByTestId('panel-switcher').click()
    await openMenu().getByRole('menuitem', { name: 'Demo Casino Network (own organisation)' }).click()
    await page.getByTestId('panel-switcher').filter({ hasText: 'Demo Casino Network · Admin' }).waitFor()
  })

  it('keeps the collapsed sidebar across a reload', async () => {
    await expect(sidebar().getAttribute('data-collapsed')).resolves.toBe('false')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect.poll(() => sidebar().getAttribute('data-collapsed')).toBe('true')
    await expect(page.evaluate(() => localStorage.getItem('isCollapsed'))).resolves.toBe('true')
    await expect.poll(() => sidebar().evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(74)

    await page.reload()
    await page.getByTestId('sidebar').waitFor()
    await expect(sidebar().getAttribute('data-collapsed')).resolves.toBe('true')
    await screenshot('sidebar-collapsed')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect
      .poll(() => sidebar().evaluate((element) => Math.round(element.getBoundingClientRect().width)))
      .toBe(250)
    await expect(page.evaluate(() => localStorage.getItem('isCollapsed'))).resolves.toBe('false')
  })

  it('shows the offline banner without a connection and the new-version banner for another build', async () => {
    await context.setOffline(true)
    await page
      .getByText('Warning! No internet connection. Please check your internet connection and try again.')
      .waitFor()
    await screenshot('offline-banner')
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0)

    // The server reports another build than the one loaded: offer the reload.
    await page.route('**/health', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          data: { status: 'ok', version: 'a-newer-build' },
          error: null,
          status: 200,
          type: null,
        }),
      })
    )
    await page.reload()
    await page.getByText('A new version is available. Please reload the page to get the latest version.').waitFor()
    await page.getByTestId('new-version-banner').getByRole('button', { name: 'Reload' }).waitFor()
    await screenshot('new-version-banner')
    await page.unroute('**/health')
  })

  it('gives a sub-admin no Team Members, Billing or Help, sends a forbidden route home and a refused call to /403', async () => {
    await logOut()
    await logIn({ ...SUB_ADMIN, password: PASSWORD })
    await page.getByTestId('panel-switcher').filter({ hasText: 'Demo Casino Network · Sub-admin' }).waitFor()
    await expect(userMenuEntries()).resolves.toEqual(['Profile', 'Logout'])
    await expect(footer().getByRole('menuitem', { name: 'Help' }).count()).resolves.toBe(0)
    await screenshot('subadmin-sidebar')

    // The route needs team_members, which a sub-admin lacks: home (spec §6).
    await page.goto(`${server.url}/account/team-member/1`)
    await page.waitForURL((url) => url.pathname === '/insights/dashboard')

    // A tampered ability gets past the sidebar, not past the server: its 403 shows /403.
    await page.evaluate(() => {
      const account = JSON.parse(localStorage.getItem('subadminAccount')!)
      account.abilities.push({ subject: 'team_members', action: 'read' })
      localStorage.setItem('subadminAccount', JSON.stringify(account))
    })
    await page.goto(`${server.url}/account/team-member/1`)
    await page.waitForURL(/\/403$/)
    await page.getByRole('button', { name: 'Back to Home' }).waitFor()
    await screenshot('forbidden')
    await page.goto(server.url)
    await logOut()
  })

  it('lists both panels of a person and switches between them; a disabled member is logged out (406)', async () => {
    await logIn({ ...TWO_PANELS, password: PASSWORD })
    // The login page offers the panels first; keep the child organisation's admin panel.
    await page.getByRole('button', { name: new RegExp(CHILD_ORG) }).click()
    await page
      .getByTestId('panel-switcher')
      .filter({ hasText: `${CHILD_ORG} · Admin` })
      .waitFor()

    await page.getByTestId('panel-switcher').click()
    await expect.poll(() => openMenu().getByTestId('panel-option').count()).toBe(2)
    await screenshot('two-panels')
    await openMenu().getByTestId('panel-option').filter({ hasText: 'Demo Casino Network' }).click()
    await page.getByTestId('panel-switcher').filter({ hasText: 'Demo Casino Network · Sub-admin' }).waitFor()
    await expect(
      page.evaluate(() => [localStorage.getItem('panel'), Boolean(localStorage.getItem('adminToken'))])
    ).resolves.toEqual(['subadmin', true])

    await api('PATCH', `/api/v1/team-members/${twoPanelsMemberId}`, { status: 'disabled' })
    await sidebar().getByRole('menuitem', { name: 'Brands' }).click()
    await page.waitForURL(/\/login$/)
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('Token')))
    ).resolves.toEqual([])
    await screenshot('forced-logout')
  })

  it("serves the API reference offline under its Content-Security-Policy, without Scalar's hosted buttons", async () => {
    const elsewhere: string[] = []
    let lastRequestAt = Date.now()
    const watch = (request: { url(): string }) => {
      lastRequestAt = Date.now()
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) elsewhere.push(request.url())
    }
    page.on('request', watch)
    await page.goto(`${server.url}/api/docs`)
    await page.getByText('Affix API', { exact: false }).first().waitFor()
    await page.getByText('Current user, organisation, preferences and abilities').first().waitFor()
    // Until the page has asked for nothing for 2 s. Not Chromium's "networkidle": with the
    // reference rendered, it can take half a minute to come (nothing is requested meanwhile).
    await expect.poll(() => Date.now() - lastRequestAt, { timeout: 20_000, interval: 250 }).toBeGreaterThan(2000)
    page.off('request', watch)
    expect(elsewhere).toEqual([])
    await expect(page.getByText('Ask AI').count()).resolves.toBe(0)
    await expect(page.getByText('Deploy', { exact: false }).count()).resolves.toBe(0)
    await screenshot('api-reference')
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors.join('\n')).toBe('')
  })

  it("ran under the server's Content-Security-Policy without a single violation", () => {
    expect(cspViolations.join('\n')).toBe('')
  })
})
