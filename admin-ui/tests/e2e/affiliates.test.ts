/*
 * Browser test of the affiliates screens against a real server: the 4-step add wizard
 * (with a validation error fixed on the way), editing through the wizard, notes, and a
 * background CSV import followed live until it completes. Screenshots go to
 * test-results/affiliates/. Needs Debian's chromium or CHROMIUM_PATH; SKIP_BROWSER_TESTS=1 skips it.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const EMAIL = 'jane.partner@playwright.example'
const NAME = 'Jane Partner'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('affiliates in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let token = ''
  const pageErrors: string[] = []

  const input = (label: string) => page.getByRole('textbox', { name: label, exact: true })
  const button = (name: string) => page.getByRole('button', { name, exact: true })
  const step = (name: string) => page.getByRole('group', { name, exact: true })
  const helperTextOf = async (label: string) => {
    const id = await input(label).getAttribute('aria-describedby')
    return id ? page.locator(`[id="${id}"]`).textContent() : null
  }
  const api = async <T>(path: string): Promise<T> => {
    if (!token) {
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(demoAdmin),
      })
      token = ((await login.json()) as { data: { token: string } }).data.token
    }
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    return ((await response.json()) as { data: T }).data
  }
  const affiliateByEmail = async (email: string) =>
    (
      await api<Array<Record<string, any>>>(
        `/api/v1/affiliates/affiliates?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`
      )
    ).find((affiliate) => affiliate.email === email)

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({ database: 'affix_test_e2e_aff' })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  const SCREENSHOTS = new URL('../../test-results/affiliates/', import.meta.url)
  mkdirSync(SCREENSHOTS, { recursive: true })
  const screenshot = (name: string) =>
    page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true })
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

  it('logs in as the demo admin and opens the affiliates from the spec path', async () => {
    await page.goto(server.url)
    await input('Email').fill(demoAdmin.email)
    await input('Password').fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page
      .getByText(/Welcome to/)
      .first()
      .waitFor()

    await page.goto(`${server.url}/manage/affiliate`)
    await page.waitForURL(/\/manage\/affiliate$/)
    await page.getByRole('columnheader', { name: 'Account manager' }).waitFor()
  })

  it('adds an affiliate through the 4-step wizard, fixing a validation error on the way', async () => {
    await page.getByRole('link', { name: 'Create' }).click()
    await step('Basic Details').waitFor()
    await input('Name').fill(NAME)
    await input('Email').fill('jane-at-partners')
    await input('Skype').fill('jane.partner')
    await input('External affiliate ID').fill('EXT-1001')
    // No password: the affiliate chooses their own from the invitation mailed on save.
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0)
    await page.getByText(/^An invitation is mailed to this address when you save/).waitFor()
    await button('Next').click()
    await page.getByText('Must be a valid email').waitFor()
    expect(await step('Basic Details').isVisible()).toBe(true)
    await screenshot('wizard-1-basic-error')

    await input('Email').fill(EMAIL)
    await button('Next').click()
    await step('Payment Details').waitFor()
    await page.getByRole('combobox', { name: 'Default payment method' }).click()
    await page.getByRole('option', { name: 'Bank transfer' }).click()
    await input('Bank name').fill('Barclays')
    await input('Account holder name').fill(NAME)
    await input('Account number').fill('12345678')
    await input('SWIFT code').fill('BARCGB22')
    await screenshot('wizard-2-payment')
    await button('Next').click()

    await step('Company Details').waitFor()
    await input('Company name').fill('Jane Media Ltd')
    await input('Country').fill('gb')
    await input('City').fill('London')
    await button('Next').click()

    const review = page.getByTestId('affiliate-review')
    await review.waitFor()
    for (const value of [NAME, EMAIL, 'Bank transfer', 'Barclays', 'BARCGB22', 'Jane Media Ltd', 'GB'])
      await review.getByText(value, { exact: true }).first().waitFor()
    await screenshot('wizard-4-review')
    await button('Save').click()

    await page.waitForURL(/\/manage\/affiliate\/\d+$/)
    await page.getByText(EMAIL).first().waitFor()
    const saved = await affiliateByEmail(EMAIL)
    expect(saved).toMatchObject({
      name: NAME,
      status: 'active',
      skype: 'jane.partner',
      companyName: 'Jane Media Ltd',
      country: 'GB',
      city: 'London',
    })
    const detail = await api<Record<string, any>>(`/api/v1/affiliates/affiliates/${saved!.id}`)
    expect(detail.paymentDetails).toMatchObject({ defaultMethod: 'bank', bankName: 'Barclays', swiftCode: 'BARCGB22' })
  })

  it('sends a server field error back to the step that holds the field', async () => {
    await page.goto(`${server.url}/manage/affiliate/create`)
    await step('Basic Details').waitFor()
    await input('Name').fill('Second Partner')
    await input('Email').fill('second.partner@playwright.example')
    // Only the server knows this ID is already Jane's.
    await input('External affiliate ID').fill('EXT-1001')
    await button('Next').click()
    await step('Payment Details').waitFor()
    await button('Next').click()
    await step('Company Details').waitFor()
    await button('Next').click()
    await page.getByTestId('affiliate-review').waitFor()
    await button('Save').click()

    await step('Basic Details').waitFor()
    await expect
      .poll(() => helperTextOf('External affiliate ID'))
      .toBe('This external affiliate ID is already used by another affiliate')
    expect(page.url()).toMatch(/\/manage\/affiliate\/create$/)
    await screenshot('wizard-server-error')
    expect(await affiliateByEmail('second.partner@playwright.example')).toBeUndefined()

    await page.goto(`${server.url}/manage/affiliate/${(await affiliateByEmail(EMAIL))!.id}`)
    await page.waitForURL(/\/manage\/affiliate\/\d+$/)
  })

  it('edits the affiliate through the wizard', async () => {
    await page.getByRole('link', { name: 'Edit' }).click()
    await step('Basic Details').waitFor()
    await expect(input('Email').inputValue()).resolves.toBe(EMAIL)
    await input('Skype').fill('jane.partner.vip')
    await button('Next').click()
    await step('Payment Details').waitFor()
    await expect(input('Bank name').inputValue()).resolves.toBe('Barclays')
    await input('Bank name').fill('HSBC')
    await button('Next').click()
    await step('Company Details').waitFor()
    await input('City').fill('Manchester')
    await button('Next').click()
    await page.getByTestId('affiliate-review').getByText('Manchester', { exact: true }).waitFor()
    await button('Save').click()
    await page.waitForURL(/\/manage\/affiliate\/\d+$/)
    await page.getByText('jane.partner.vip').waitFor()
    const saved = await affiliateByEmail(EMAIL)
    expect(saved).toMatchObject({ skype: 'jane.partner.vip', city: 'Manchester' })
    const detail = await api<Record<string, any>>(`/api/v1/affiliates/affiliates/${saved!.id}`)
    expect(detail.paymentDetails).toMatchObject({ bankName: 'HSBC' })
  })

  it('adds a note, refusing an empty one', async () => {
    await page.getByRole('tab', { name: 'Notes' }).click()
    await button('Add note').click()
    await page.getByText('Note cannot be empty').waitFor()
    await page.getByRole('textbox', { name: 'New note' }).fill('Met at the London affiliate conference.')
    await button('Add note').click()
    await page.getByRole('listitem').filter({ hasText: 'Met at the London affiliate conference.' }).waitFor()
    await screenshot('notes')
    const saved = await affiliateByEmail(EMAIL)
    const notes = await api<Array<{ body: string }>>(`/api/v1/affiliates/affiliates/${saved!.id}/notes`)
    expect(notes.map((note) => note.body)).toContain('Met at the London affiliate conference.')
  })

  it('imports new affiliates from CSV and follows the progress until it completes', async () => {
    await page.goto(`${server.url}/manage/affiliate`)
    await button('Import').click()
    await page.waitForURL(/\/manage\/affiliate\/import$/)
    await page.getByRole('radio', { name: 'Import new affiliates' }).check()

    const [sample] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Sample file: new affiliates' }).click(),
    ])
    expect((await readFile((await sample.path())!, 'utf8')).split('\n')[0]).toMatch(/^email,name,status/)

    const csv = [
      'email,name,status,country,currency,referred_by_email',
      'ann.import@playwright.example,Ann Import,active,GB,GBP,',
      'not-an-email,Broken Row,active,GB,GBP,',
      `bob.import@playwright.example,Bob Import,pending,BR,BRL,${EMAIL}`,
    ].join('\n')
    await page
      .getByTestId('affiliate-import-file')
      .setInputFiles({ name: 'affiliates.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) })
    await button('Upload and import').click()

    const progress = page.getByTestId('import-progress')
    await progress.waitFor()
    await screenshot('import-progress')
    await expect
      .poll(() => progress.getAttribute('data-status'), { timeout: 60_000 })
      .toMatch(/^(completed|imported_partially|failed)$/)
    expect(await progress.getAttribute('data-status')).toBe('imported_partially')
    await expect(page.getByTestId('import-imported').textContent()).resolves.toBe('2 imported')
    await expect(page.getByTestId('import-failed').textContent()).resolves.toBe('1 failed')
    await page.getByText('3 of 3 rows processed').waitFor()
    await page.getByText('2 of 3 rows imported, 1 failed.').waitFor()
    await screenshot('import-done')

    const [failed] = await Promise.all([page.waitForEvent('download'), button('Download failed rows').click()])
    const failedRows = await readFile((await failed.path())!, 'utf8')
    expect(failedRows).toContain('not-an-email')
    expect(failedRows).not.toContain('ann.import@playwright.example')

    expect(await affiliateByEmail('ann.import@playwright.example')).toMatchObject({ name: 'Ann Import', country: 'GB' })
    expect(await affiliateByEmail('bob.import@playwright.example')).toMatchObject({
      name: 'Bob Import',
      status: 'pending',
      referredByName: NAME,
    })
  })

  it('lists the finished import on /uploads with its counts', async () => {
    await page.getByRole('button', { name: 'All uploads' }).click()
    await page.waitForURL(/\/uploads$/)
    const row = page.getByRole('row').filter({ hasText: 'affiliates.csv' })
    await row.getByText('Imported partially').waitFor()
    await row.getByRole('button', { name: 'Failed rows' }).waitFor()
    await expect(row.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0)
  })

  it('puts affiliates in a new group, refusing a group without affiliates', async () => {
    await page.getByRole('menuitem', { name: 'Affiliate groups' }).click()
    await page.getByRole('link', { name: 'Create' }).click()
    await input('Name').fill('UK partners')
    await button('Save').click()
    await page.getByText('Affiliate group needs at least one affiliate').waitFor()
    const affiliates = page.getByRole('combobox', { name: 'Affiliates' })
    await affiliates.fill('Ann')
    await page.getByRole('option', { name: 'Ann Import' }).click()
    await button('Save').click()
    await page.waitForURL(/\/manage\/affiliate-group\/\d+$/)
    await page.getByText('Ann Import').waitFor()

    // Bulk action on the list: Jane joins the group too.
    await page.getByRole('menuitem', { name: 'Affiliates', exact: true }).click()
    await page.getByRole('row').filter({ hasText: EMAIL }).getByRole('checkbox').check()
    await button('Assign group').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Group' }).fill('UK')
    await page.getByRole('option', { name: 'UK partners' }).click()
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('row').filter({ hasText: EMAIL }).getByText('UK partners').waitFor()
    expect(await affiliateByEmail(EMAIL)).toMatchObject({ groupName: 'UK partners' })
  })

  it('changes the status of selected affiliates in bulk and exports the list on the server', async () => {
    const bob = () => page.getByRole('row').filter({ hasText: 'bob.import@playwright.example' })
    await bob().getByRole('checkbox').check()
    await button('Change status').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Active', exact: true }).click()
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Status changed for 1 affiliate').waitFor()
    await bob().getByText('Active', { exact: true }).waitFor()
    expect(await affiliateByEmail('bob.import@playwright.example')).toMatchObject({ status: 'active' })

    const [download] = await Promise.all([page.waitForEvent('download'), button('Export').click()])
    const exported = await readFile((await download.path())!, 'utf8')
    expect(exported).toContain(EMAIL)
    expect(exported).toContain('bob.import@playwright.example')
  })

  it('logs in as the affiliate, who sees its referred affiliates and edits its own payment info', async () => {
    const jane = (await affiliateByEmail(EMAIL))!
    await page.goto(`${server.url}/manage/affiliate/${jane.id}`)
    await page.getByRole('tab', { name: 'Referred affiliates' }).click()
    await page.getByRole('cell', { name: 'Bob Import' }).waitFor()

    const [tab] = await Promise.all([page.context().waitForEvent('page'), button('Log in as affiliate').click()])
    tab.on('pageerror', (error) => pageErrors.push(error.message))
    await tab.waitForURL((url) => !url.pathname.startsWith('/auth/login') && url.pathname !== 'blank', {
      timeout: 30_000,
    })
    await tab.goto(`${server.url}/manage/referred-affiliates`)
    await tab.getByRole('cell', { name: 'Bob Import' }).waitFor()
    // Its own referral link to share, on the organisation's address.
    expect(await tab.getByTestId('referral-link').textContent()).toMatch(
      new RegExp(`/register/affiliate/\\d+\\?ref=${jane.id}$`)
    )
    await tab.screenshot({ path: new URL('affiliate-referred.png', SCREENSHOTS).pathname, fullPage: true })

    await tab.goto(`${server.url}/account?tab=paymentInfo`)
    await tab.getByRole('combobox', { name: 'Default payment method' }).click()
    await tab.getByRole('option', { name: 'CPF (Pix)' }).click()
    await tab.getByRole('textbox', { name: 'CPF', exact: true }).fill('12345678900')
    await tab.getByRole('button', { name: 'Save', exact: true }).click()
    await tab
      .getByText(/^Invalid CPF/)
      .first()
      .waitFor()
    await tab.getByRole('textbox', { name: 'CPF', exact: true }).fill('123.456.789-09')
    await tab.getByRole('button', { name: 'Save', exact: true }).click()
    await tab.getByText('Payment details saved').waitFor()
    await tab.screenshot({ path: new URL('affiliate-payment-info.png', SCREENSHOTS).pathname, fullPage: true })
    await tab.close()

    const detail = await api<Record<string, any>>(`/api/v1/affiliates/affiliates/${jane.id}`)
    expect(detail.paymentDetails).toMatchObject({ defaultMethod: 'cpf', cpf: '12345678909' })
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
