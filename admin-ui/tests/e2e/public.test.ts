/*
 * Browser test of the public pages against a real server: login (wrong password, success,
 * the logged-in redirect, Portuguese), organisation registration through the mailed
 * verification link, affiliate signup with custom fields (pending, and auto-approved on a
 * second organisation, which gives the demo admin two panels and the panel chooser), the
 * invitation link of a panel an organisation created (the person chooses the password), and
 * the 403/404 pages. The server has no SMTP_URL: mails are .eml files in DATA_DIR/outbox.
 * Screenshots go to admin-ui/test-results/public/.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  TEST_SERVER,
  watchContentSecurityPolicy,
  type TestServer,
  type TestServerModule,
} from './browser'

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/public/', import.meta.url))

const OWNER = {
  organizationName: 'Playwright Partners',
  name: 'Paula Owner',
  email: 'owner@playwright-partners.example',
  password: 'Owner#1234',
}

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('public pages in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let dataDir: string
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []
  let cspViolations: string[] = []

  /** An input by its label (accessible name: the required asterisk is aria-hidden). */
  const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true })
  const helperTextOf = async (label: string) => {
    const id = await textbox(label).getAttribute('aria-describedby')
    return id ? page.locator(`[id="${id}"]`).textContent() : null
  }
  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const storage = (key: string) => page.evaluate((name) => localStorage.getItem(name), key)
  /** Logs out the way a fresh browser would be: nothing stored. */
  const forgetSession = () => page.evaluate(() => localStorage.clear())
  const leftPublicPages = () => page.waitForURL((url) => !/^\/(login|register|auth)\b/.test(url.pathname))

  const apiLogin = async ({ email, password }: { email: string; password: string }) => {
    const response = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // Only the login's own fields: any other is refused (422), as the API document says.
      body: JSON.stringify({ email, password }),
    })
    const { data } = (await response.json()) as { data: { token: string; org: { id: number } } }
    return data
  }
  const putSignupSettings = async (token: string, settings: unknown) => {
    const response = await fetch(`${server.url}/api/v1/signup/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(settings),
    })
    expect(response.status).toBe(200)
  }
  /** The activation link mailed to `address`, from the outbox (quoted-printable undone). */
  const mailedVerificationToken = async (address: string) => {
    const outbox = join(dataDir, 'outbox')
    for (let attempt = 0; attempt < 50; attempt++) {
      const files = existsSync(outbox) ? await readdir(outbox) : []
      for (const file of files.sort().reverse()) {
        const mail = (await readFile(join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        if (!mail.includes(`To: ${address}`)) continue
        const token = /\/auth\/verify\/([A-Za-z0-9_-]+)/.exec(mail)?.[1]
        if (token) return token
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no verification mail to ${address} in ${outbox}`)
  }
  const fillSignup = async (person: { name: string; email: string; password: string }) => {
    await textbox('Full name').fill(person.name)
    await textbox('Email').fill(person.email)
    await textbox('Password').fill(person.password)
    await textbox('Confirm password').fill(person.password)
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    await mkdir(SCREENSHOTS, { recursive: true })
    dataDir = await mkdtemp(join(tmpdir(), 'affix-e2e-public-'))
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_public', env: { DATA_DIR: dataDir } })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    cspViolations = await watchContentSecurityPolicy(page)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses a wrong password with the server message, logs the demo admin in, and sends a logged-in visitor of /login home', async () => {
    await page.goto(`${server.url}/login`)
    await textbox('Email').fill(demoAdmin.email)
    await textbox('Password').fill('Wrong#1234')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('Invalid email or password.').waitFor()
    // No OpenID Connect provider on the test server: no SSO button.
    expect(await page.getByRole('button', { name: 'Sign in with SSO' }).count()).toBe(0)
    await screenshot('login-wrong-password')

    await textbox('Password').fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await leftPublicPages()
    expect(await storage('panel')).toBe('admin')
    expect(await storage('adminToken')).toMatch(/\S+/)

    await page.goto(`${server.url}/login`)
    await leftPublicPages()
    await screenshot('login-logged-in-redirect')
    await forgetSession()
  })

  it('shows the login page in Portuguese', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('menuitem', { name: 'Português' }).click()
    await textbox('Senha').waitFor()
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).waitFor()
    await screenshot('login-portuguese')
    await page.getByRole('button', { name: 'Português' }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    await textbox('Password').waitFor()
  })

  it('registers an organisation and logs its owner in through the mailed link, which works once', async () => {
    await page.getByRole('link', { name: 'New here? Register your organisation' }).click()
    await textbox('Organisation name').fill(OWNER.organizationName)
    await fillSignup(OWNER)
    await textbox('Confirm password').fill('Owner#9999')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect.poll(() => helperTextOf('Confirm password')).toBe('Passwords must match')
    await textbox('Confirm password').fill(OWNER.password)
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await page.getByText(`We sent a link to ${OWNER.email}`).waitFor()
    await screenshot('register-check-email')

    const token = await mailedVerificationToken(OWNER.email)
    await page.goto(`${server.url}/auth/verify/${token}`)
    await leftPublicPages()
    expect(await storage('panel')).toBe('admin')
    expect(JSON.parse((await storage('adminOrg')) ?? '{}')).toMatchObject({ name: OWNER.organizationName })
    await screenshot('register-verified-home')

    await forgetSession()
    await page.goto(`${server.url}/auth/verify/${token}`)
    await page.getByText('This verification link is invalid or has already been used.').waitFor()
    await page.getByRole('button', { name: 'Send a new link' }).waitFor()
  })

  it('signs an affiliate up on the demo organisation: custom field and server errors by the fields, then the pending message', async () => {
    const admin = await apiLogin(demoAdmin)
    await putSignupSettings(admin.token, {
      autoApprove: false,
      fields: [
        { name: 'website', label: 'Website', type: 'text', required: true },
        { name: 'traffic', label: 'Traffic source', type: 'select', required: false, options: ['SEO', 'Social'] },
      ],
    })
    await page.goto(`${server.url}/register/affiliate/${admin.org.id}`)
    await page.getByText('Join Demo Casino Network').waitFor()
    await fillSignup({ name: 'Ana Affiliate', email: demoAdmin.email, password: 'Affiliate#1234' })
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => helperTextOf('Website')).toBe('Website is required')

    // Only the server knows the address is taken in this organisation.
    await textbox('Website').fill('https://ana.example')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => helperTextOf('Email')).toBe('Username is already taken')
    await screenshot('affiliate-signup-errors')

    await textbox('Email').fill('ana@affiliate.example')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page
      .getByText('Thanks for signing up with Demo Casino Network. Your account is waiting for approval.')
      .waitFor()
    expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      `/login?orgId=${admin.org.id}`
    )
    await screenshot('affiliate-signup-pending')
    expect(await storage('panel')).toBeNull()
  })

  it('logs an auto-approved affiliate in at once, and offers the demo admin the choice of panels', async () => {
    const owner = await apiLogin(OWNER)
    await putSignupSettings(owner.token, { autoApprove: true, fields: [] })
    // The demo admin signs up as an affiliate of the new organisation, with the same password.
    await page.goto(`${server.url}/register/affiliate/${owner.org.id}`)
    await page.getByText(`Join ${OWNER.organizationName}`).waitFor()
    await fillSignup({ name: 'Demo Admin', ...demoAdmin })
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await leftPublicPages()
    expect(await storage('panel')).toBe('affiliate')
    await forgetSession()

    await page.goto(`${server.url}/login`)
    await textbox('Email').fill(demoAdmin.email)
    await textbox('Password').fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Choose a panel' }).waitFor()
    await page.getByRole('button', { name: new RegExp(`${OWNER.organizationName}.*Affiliate`) }).waitFor()
    await screenshot('login-panel-chooser')
    await page.getByRole('button', { name: /Demo Casino Network.*Admin/ }).click()
    await leftPublicPages()
    await expect.poll(() => storage('panel')).toBe('admin')
    expect(JSON.parse((await storage('adminOrg')) ?? '{}')).toMatchObject({ name: 'Demo Casino Network' })
  })

  it('an invited team member chooses their own password from the mailed link, which works once', async () => {
    const admin = await apiLogin(demoAdmin)
    const email = 'ivy@invited.example'
    const created = await fetch(`${server.url}/api/v1/team-members`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: 'Ivy Invited', email, role: 'afm' }),
    })
    expect(created.status).toBe(201)
    await forgetSession()

    const { path } = server.lastMailedLink(email)
    await page.goto(`${server.url}${path}`)
    await page.getByText('Choose your password').waitFor()
    await page.getByText(/^You were invited to an Affix panel/).waitFor()
    await textbox('New password').fill('Invited#2026')
    await textbox('Confirm password').fill('Invited#2026')
    await screenshot('invitation-form')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByText('Your password is set. You can now log in.').waitFor()

    // Used once: the same link is refused, with a way to ask for a new one.
    await page.goto(`${server.url}${path}`)
    await textbox('New password').fill('Again#2026x')
    await textbox('Confirm password').fill('Again#2026x')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByText('This reset link is invalid or has already been used.').waitFor()

    await page.goto(`${server.url}/login`)
    await textbox('Email').fill(email)
    await textbox('Password').fill('Invited#2026')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await leftPublicPages()
    await expect.poll(() => storage('panel')).toBe('afm')
    await forgetSession()
  })

  it('shows the 403 page with Back to Home and Logout, and the 404 page', async () => {
    await page.goto(`${server.url}/403`)
    await page.getByText('Sorry, you are not authorized to access this page.').waitFor()
    await page.getByRole('button', { name: 'Back to Home' }).waitFor()
    await screenshot('error-403')
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await storage('adminToken')).toBeNull()

    await page.goto(`${server.url}/404`)
    await page.getByText('Sorry, the page you visited does not exist.').waitFor()
    await screenshot('error-404')
    await page.getByRole('button', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([])
  })

  it("ran under the server's Content-Security-Policy without a single violation", () => {
    expect(cspViolations).toEqual([])
  })
})
