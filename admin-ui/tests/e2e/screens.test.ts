/*
 * Browser test of the core screens against a real server (its own database): profile with
 * a server-side phone error, a team member added and listed, an API key shown once then
 * revoked, logo uploads checked by the server, a report switch, and the superadmin accounts
 * list. Needs Debian's chromium (or CHROMIUM_PATH); SKIP_BROWSER_TESTS=1 skips it.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const DATABASE = 'affix_test_e2e_screens'
const SCREENSHOTS = new URL('../../test-results/screens/', import.meta.url)
const SUPERADMIN_EMAIL = 'root@screens.affix.test'
// sharp is a dependency of the branding and media plugins (they check images with it); only what this test uses is typed.
type Sharp = (options: {
  create: { width: number; height: number; channels: 4; background: Record<string, number> }
}) => {
  png(): { toBuffer(): Promise<Buffer> }
}
const sharp = createRequire(new URL('../../../core/package.json', import.meta.url))('sharp') as Sharp

interface SessionPayload {
  token: string
  expiresAt: string | null
  su: boolean
  user: { id: number; role: string }
  org: unknown
  abilities: unknown
  preference: unknown
  childOrgs?: unknown
  onboardingPending?: boolean
  [key: string]: unknown
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 94, g: 53, b: 177, alpha: 1 } } })
    .png()
    .toBuffer()

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('core screens in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let adminToken: string
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []

  const api = async <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: options.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token ?? adminToken}` },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    return { status: response.status, body: (await response.json()) as { data: T; error: { message: string } | null } }
  }

  const visit = (path: string) => page.goto(`${server.url}${path}`)

  /**
   * Stores a session the way the app does (spec §3 per-panel keys), from a page of the same
   * origin that does not run the app (a running app could be logging out meanwhile).
   */
  const openSession = async (path: string, session: SessionPayload) => {
    await page.goto(`${server.url}/health`)
    await page.evaluate((payload) => {
      const {
        token,
        type: _type,
        expiresAt,
        panels: _panels,
        ...account
      } = payload as SessionPayload & { type?: string; panels?: unknown }
      const panel = account.su ? 'superadmin' : account.user.role === 'sub-admin' ? 'subadmin' : account.user.role
      localStorage.clear()
      localStorage.setItem('panel', panel)
      localStorage.setItem(`${panel}Token`, token)
      if (expiresAt) localStorage.setItem(`${panel}TokenExpiresAt`, expiresAt)
      localStorage.setItem(`${panel}Account`, JSON.stringify(account))
      localStorage.setItem(`${panel}User`, JSON.stringify(account.user))
      localStorage.setItem(`${panel}Org`, JSON.stringify(account.org))
      localStorage.setItem(`${panel}Ability`, JSON.stringify(account.abilities))
      localStorage.setItem('childOrgs', JSON.stringify(account.childOrgs ?? []))
      localStorage.setItem('onboardingPending', JSON.stringify(account.onboardingPending ?? false))
      localStorage.setItem('preference', JSON.stringify(account.preference ?? {}))
    }, session)
    await visit(path)
  }

  const screenshot = (name: string) =>
    page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true })
  const helperTextOf = async (label: string | RegExp, scope = page.locator('body')) => {
    const id = await scope.getByRole('textbox', { name: label }).getAttribute('aria-describedby')
    return id ? page.locator(`[id="${id}"]`).textContent() : null
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    await mkdir(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: DATABASE })
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(demoAdmin),
    })
    const session = ((await login.json()) as { data: SessionPayload }).data
    adminToken = session.token
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await openSession('/account?tab=editProfile', session)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('edits the profile: the server refuses a bad phone under the input, then saves a good one', async () => {
    const phone = page.getByRole('textbox', { name: 'Phone' })
    await phone.waitFor()
    await expect(page.getByRole('textbox', { name: /^Name/ }).inputValue()).resolves.toBe('Demo Admin')
    await phone.fill('call me maybe')
    await page.getByRole('button', { name: 'Save' }).first().click()
    await expect.poll(() => helperTextOf('Phone')).toBe('Invalid phone number')

    await phone.fill('+55 11 98888-7777')
    await page.getByRole('button', { name: 'Save' }).first().click()
    await page.getByText('Profile saved').waitFor()
    await expect(api<{ phone: string }>('/api/v1/account/profile').then(({ body }) => body.data.phone)).resolves.toBe(
      '+55 11 98888-7777'
    )
    await screenshot('profile')
  })

  it('adds a team member and lists it', async () => {
    await page.getByRole('tab', { name: 'Team members' }).click()
    await page.waitForURL(/\/account\?tab=teamMembers$/)
    await page.getByRole('button', { name: 'Add team member' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Paula Manager')
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('paula@screens.affix.test')
    // No password to choose for someone else: the member is invited by mail.
    await dialog.getByText(/^An invitation is mailed to this address: the member chooses their own password/).waitFor()
    expect(await dialog.getByLabel(/^Password/).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Team member added').waitFor()
    expect(server.lastMailedLink('paula@screens.affix.test').path).toMatch(/^\/invitation\/[\w-]{20,}$/)
    const row = page.getByRole('row').filter({ hasText: 'paula@screens.affix.test' })
    await row.waitFor()
    await expect(row.textContent()).resolves.toContain('Sub-admin')
    await screenshot('team-members')

    // The member's page: details and affiliate assignment (ids the server does not know are refused).
    await row.getByText('paula@screens.affix.test').click()
    await page.waitForURL(/\/account\/team-member\/\d+$/)
    await page.getByRole('heading', { name: 'Assigned affiliates' }).waitFor()
    await page.getByRole('combobox', { name: /Affiliate ids/ }).fill('424242')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Assign' }).click()
    await page.getByText('These ids are not affiliates of your organisation: 424242').first().waitFor()
  })

  it('creates an API key, shows it once, and revokes it', async () => {
    await visit('/configuration/api?tab=keys')
    await page.getByRole('button', { name: 'Create API key' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Playwright key')
    await dialog.getByRole('combobox', { name: /Resource/ }).click()
    await page.getByRole('option', { name: 'Brands' }).click()
    await dialog.getByRole('button', { name: 'Create' }).click()

    const secret = page.getByRole('dialog').getByRole('textbox', { name: 'API key' })
    await secret.waitFor()
    const key = await secret.inputValue()
    expect(key).toMatch(/^afk_\d+\./)
    // The key works, for what its scope allows.
    const withKey = await fetch(`${server.url}/api/v1/brands/brands`, { headers: { Authorization: `Bearer ${key}` } })
    expect(withKey.status).toBe(200)

    await page.getByRole('button', { name: 'Done' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Playwright key' })
    await row.waitFor()
    // Shown once: the list has only its preview.
    await expect(page.locator('body').textContent()).resolves.not.toContain(key)

    await row.getByRole('button', { name: 'Revoke' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await row.getByText('Revoked').waitFor()
    const afterRevoke = await fetch(`${server.url}/api/v1/brands/brands`, {
      headers: { Authorization: `Bearer ${key}` },
    })
    expect(afterRevoke.status).toBe(401)
    await screenshot('api-keys')
  })

  it("registers an OAuth app on the oauth plugin's tab of the API screen, shows the secret once, revokes it", async () => {
    await visit('/configuration/api?tab=oauth')
    await page.getByRole('tab', { name: 'OAuth apps', selected: true }).waitFor()
    await page.getByRole('button', { name: 'Register OAuth app' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Playwright app')
    const redirects = dialog.getByRole('combobox', { name: /Redirect URIs/ })
    await redirects.fill('https://app.example.com/callback')
    await page.keyboard.press('Enter')
    await dialog.getByRole('combobox', { name: /Resource/ }).click()
    await page.getByRole('option', { name: 'Brands' }).click()
    await dialog.getByRole('button', { name: 'Register' }).click()

    const secret = page.getByRole('dialog').getByRole('textbox', { name: 'Client secret' })
    await secret.waitFor()
    const clientSecret = await secret.inputValue()
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'Done' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Playwright app' })
    await row.waitFor()
    await expect(page.locator('body').textContent()).resolves.not.toContain(clientSecret)

    await row.getByRole('button', { name: 'Revoke' }).click()
    await page.getByRole('dialog').getByText('Revoke the OAuth app Playwright app?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await row.getByText('Revoked').waitFor()
  })

  it('uploads logos: the server refuses a wrong size, accepts the right one', async () => {
    await visit('/manage/organization')
    const logoCard = page.getByRole('group', { name: 'Logo', exact: true })
    await logoCard.waitFor()
    await page
      .getByTestId('logo-file-logo')
      .setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: await png(100, 100) })
    await logoCard.getByRole('alert').filter({ hasText: 'The logo must be exactly 386 × 74 pixels.' }).waitFor()

    await page
      .getByTestId('logo-file-logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(386, 74) })
    await page.getByText('Logo uploaded').waitFor()
    const image = logoCard.getByRole('img', { name: 'Logo' })
    await image.waitFor()
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(386)
    await expect(logoCard.getByRole('alert').count()).resolves.toBe(0)
    await screenshot('organization')
  })

  it('switches the customer report off and on again', async () => {
    await visit('/settings')
    const customer = page.getByRole('switch', { name: 'Customer report' })
    await customer.waitFor()
    await expect(customer.isChecked()).resolves.toBe(true)
    await customer.click()
    await page.getByText('Customer report switched off').waitFor()
    await expect(
      api<{ disabledReports: string[] }>('/api/v1/organization/features').then(({ body }) => body.data.disabledReports)
    ).resolves.toEqual(['customer'])

    await customer.click()
    await expect
      .poll(() =>
        api<{ disabledReports: string[] }>('/api/v1/organization/features').then(
          ({ body }) => body.data.disabledReports
        )
      )
      .toEqual([])
    await expect(page.getByRole('textbox', { name: 'Affiliate signup URL' }).inputValue()).resolves.toMatch(
      /\/register\/affiliate\/\d+$/
    )
    await screenshot('settings')
  })

  it('lists the accounts for a superadmin and opens one', async () => {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      // A superadmin panel with the demo admin's password (the same hash): Demo#1234.
      await client.query(
        `INSERT INTO users (organization_id, email, password, name, role, status)
         SELECT organization_id, $1, password, 'Root', 'superadmin', 'active' FROM users WHERE lower(email) = lower($2)`,
        [SUPERADMIN_EMAIL, demoAdmin.email]
      )
    } finally {
      await client.end()
    }
    const login = await fetch(`${server.url}/api/v1/superuser/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: SUPERADMIN_EMAIL, password: demoAdmin.password }),
    })
    expect(login.status).toBe(200)
    await openSession('/superadmin/accounts', ((await login.json()) as { data: SessionPayload }).data)

    const row = page.getByRole('row').filter({ hasText: 'Demo Casino Network' })
    await row.waitFor()
    await expect(row.textContent()).resolves.toContain(demoAdmin.email)
    await screenshot('superadmin-accounts')
    await row.getByText('Demo Casino Network').click()
    await page.waitForURL(/\/superadmin\/accounts\/\d+$/)
    await page.getByRole('heading', { name: 'Admins' }).waitFor()
    await page.getByRole('cell', { name: demoAdmin.email }).waitFor()
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
