import { readFileSync } from 'node:fs'

/** The build version the panels compare against to show "A new version is available". */
export const APP_VERSION: string =
  process.env.APP_VERSION ??
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version
