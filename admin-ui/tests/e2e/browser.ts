/*
 * What every browser suite shares: Debian's Chromium and how to launch it, and the test
 * server module (scripts/test_server.mjs, plain JS, typed here).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const TEST_SERVER = new URL('../../../scripts/test_server.mjs', import.meta.url).href

export interface TestServer {
  url: string
  databaseUrl: string
  output(): string
  /** The path and code of the last invitation (or reset) link the server mailed to `email` (its outbox). */
  lastMailedLink(email: string, kind?: 'invitation' | 'reset'): { path: string; code: string }
  stop(): Promise<void>
}
export interface TestServerModule {
  startTestServer(options: { database: string; env?: Record<string, string> }): Promise<TestServer>
  DEMO_ADMIN: { email: string; password: string }
  seedDemoAt(server: TestServer, now: string, env?: Record<string, string>): Promise<void>
}

/**
 * Collects the page's Content-Security-Policy violations (the `securitypolicyviolation`
 * event of every document the page loads, and Chromium's "Refused to …" console errors),
 * so a suite can prove the app runs under the server's CSP.
 */
export async function watchContentSecurityPolicy(page: import('playwright-core').Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__affixCspViolation', (report: string) => violations.push(report))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __affixCspViolation(report: string): void }).__affixCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`
      )
    )
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}
