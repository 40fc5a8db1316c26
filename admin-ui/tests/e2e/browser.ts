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
  output(): string
  stop(): Promise<void>
}
export interface TestServerModule {
  startTestServer(options: { database: string; env?: Record<string, string> }): Promise<TestServer>
  DEMO_ADMIN: { email: string; password: string }
}
