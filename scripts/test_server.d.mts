// Types for test_server.mjs, so the TypeScript SDK and CLI suites can import it.
export interface TestServer {
  url: string
  output(): string
  stop(): Promise<void>
}

export function recreateDatabase(name: string): Promise<string>
export function startTestServer(options: { database: string; env?: Record<string, string> }): Promise<TestServer>
export const DEMO_ADMIN: { email: string; password: string }
