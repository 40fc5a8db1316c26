// Types for test_server.mjs, so the TypeScript SDK and CLI suites can import it.
export interface TestServer {
  url: string
  /** The server's own database (its name carries AFFIX_TEST_DB_SUFFIX). */
  databaseUrl: string
  output(): string
  /** The path and code of the last invitation (or reset) link the server mailed to `email` (its outbox). */
  lastMailedLink(email: string, kind?: 'invitation' | 'reset'): { path: string; code: string }
  stop(): Promise<void>
}

export function outboxMails(dataDir: string): Array<{ to: string; text: string }>

export function recreateDatabase(name: string): Promise<string>
/** Drops a test database (its name carries AFFIX_TEST_DB_SUFFIX). */
export function dropDatabase(name: string): Promise<void>
export function startTestServer(options: { database: string; env?: Record<string, string> }): Promise<TestServer>
/** A benchmark's server: production settings, the job worker as npm start runs it (a niced child) or in one process. */
export function startBenchServer(options: {
  database: string
  env?: Record<string, string>
  oneProcess?: boolean
  workerNice?: number
}): Promise<TestServer>
/** Seeds the demo organisation as of `now` (ISO 8601) into a server started with AFFIX_SEED_DEMO=false. */
export function seedDemoAt(server: TestServer, now: string, env?: Record<string, string>): Promise<void>
export const DEMO_ADMIN: { email: string; password: string }
