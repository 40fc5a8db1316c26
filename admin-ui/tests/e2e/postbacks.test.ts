/*
 * Browser test of the postbacks screens against a real server and a local receiver (which
 * the server may call: AFFIX_OUTBOUND_ALLOW): a postback created with the URL validator's
 * live messages, the test tool's request and response, and the test's line in the log.
 * Screenshots under test-results/postbacks/.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('postbacks in a browser', () => {
  let server: TestServer
  let demoAdmin: TestServerModule['DEMO_ADMIN']
  let browser: Browser
  let page: Page
  let receiver: Server
  let receiverUrl: string
  const received: string[] = []
  const pageErrors: string[] = []

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    receiver = createServer((request, response) => {
      received.push(request.url!)
      response.end('OK')
    })
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    demoAdmin = serverModule.DEMO_ADMIN
    server = await serverModule.startTestServer({
      database: 'affix_test_e2e_postbacks',
      env: { AFFIX_OUTBOUND_ALLOW: '127.0.0.1' },
    })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 1000 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  const SCREENSHOTS = new URL('../../test-results/postbacks/', import.meta.url)
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
    await new Promise((done) => receiver?.close(done))
  })

  it('logs in as the demo admin', async () => {
    await page.goto(server.url)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demoAdmin.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Welcome to Demo Casino Network').waitFor()
  })

  it('creates a postback with the validator’s live messages', async () => {
    await page.goto(`${server.url}/manage/postback/create`)
    await page.getByRole('textbox', { name: /^Name/ }).fill('Browser tracker')
    const url = page.getByRole('textbox', { name: /^URL/ })
    await url.fill(`${receiverUrl}/pb`)
    const check = page.getByTestId('postback-url-check')
    await expect
      .poll(async () => (await check.count()) && (await check.textContent()))
      .toContain('Please include at least')
    await url.fill(`${receiverUrl}/pb?cid={click_id}&e={event}`)
    await expect
      .poll(async () => (await check.count()) && (await check.textContent()))
      .toBe('URL is valid with the specified macros.')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/manage\/postback\/\d+$/)
  })

  it('sends a test event and shows the exact request and response', async () => {
    await page.getByRole('button', { name: 'Send a test event' }).click()
    const result = page.getByTestId('postback-test-result')
    await result.waitFor()
    const text = await result.textContent()
    expect(text).toContain(`GET ${receiverUrl}/pb?cid=00000000-0000-4000-8000-000000000000&e=registration`)
    expect(text).toContain('200 OK')
    expect(received).toEqual(['/pb?cid=00000000-0000-4000-8000-000000000000&e=registration'])
  })

  it('shows the test in the postback log', async () => {
    await page.goto(`${server.url}/manage/postback-log`)
    const line = page.getByRole('row').filter({ hasText: 'test.registration' })
    await line.first().waitFor()
    expect(await line.first().textContent()).toContain(`${receiverUrl}/pb`)
    // A test line is sent by the test tool only: it has no resend button.
    expect(await line.first().getByRole('button', { name: 'Resend' }).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('resends the delivery of one failed log line', async () => {
    const failed = page.getByRole('row').filter({ hasText: 'Service Unavailable' })
    await failed.first().waitFor()
    await failed.first().getByRole('button', { name: 'Resend' }).click()
    await page.getByText('1 delivery queued again').waitFor()
  })

  it('lists the dead letters and resends one, then everything that failed in a time range', async () => {
    await page.goto(`${server.url}/manage/postback-dead-letters`)
    await page.getByRole('button', { name: 'Resend failed in a time range' }).waitFor()
    const letters = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Resend' }) })
    await letters.first().waitFor()
    // Each line shows its last answer and its event id.
    expect(await letters.first().textContent()).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    await letters.first().getByRole('button', { name: 'Resend' }).click()
    await page.getByText('1 delivery queued again').waitFor()

    await page.getByRole('button', { name: 'Resend failed in a time range' }).click()
    const dialog = page.getByRole('dialog')
    const from = dialog.getByLabel('From')
    await from.fill('2020-01-01T00:00')
    // An end before the start is refused before anything is sent.
    await dialog.getByLabel('To').fill('2019-01-01T00:00')
    await dialog.getByText('The end must not be before the start').waitFor()
    expect(await dialog.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true)
    await dialog.getByLabel('To').fill('2030-01-01T00:00')
    await dialog.getByRole('button', { name: 'Resend' }).click()
    await page.getByText(/\d+ deliver(y|ies) queued again/).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    expect(pageErrors).toEqual([])
  })
})
