/*
 * The version this page was built as. vite.config.ts defines __AFFIX_BUILD_VERSION__ from
 * the same source as the server's APP_VERSION (core/app/services/version.ts): the
 * APP_VERSION environment variable, else the root package.json version. GET /health
 * answers the server's; when they differ, a newer build is deployed.
 */
declare const __AFFIX_BUILD_VERSION__: string | undefined

export const BUILD_VERSION: string = typeof __AFFIX_BUILD_VERSION__ === 'string' ? __AFFIX_BUILD_VERSION__ : 'dev'

/** How often GET /health is asked for the deployed version (spec: every 5 minutes). */
export const VERSION_POLL_MS = 5 * 60 * 1000

/** The server's version from a /health answer (an envelope), or null. */
export function versionOfHealth(payload: unknown): string | null {
  const data = (payload as { data?: { version?: unknown } } | null)?.data
  return typeof data?.version === 'string' && data.version ? data.version : null
}

export const isNewerBuild = (serverVersion: string | null, buildVersion = BUILD_VERSION) =>
  serverVersion !== null && buildVersion !== 'dev' && serverVersion !== buildVersion
