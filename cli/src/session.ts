/*
 * The saved login: { url, token } in <configDir>/session.json, where configDir is oclif's
 * per-user config directory (~/.config/affix on Linux) or AFFIX_CONFIG_DIR. The token is
 * a secret, so the directory is private (0700) and the file 0600.
 */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface Session {
  url: string
  token: string
}

const SESSION_FILE = 'session.json'

export function sessionPath(configDir: string): string {
  return join(configDir, SESSION_FILE)
}

export async function readSession(configDir: string): Promise<Session | undefined> {
  let raw: string
  try {
    raw = await readFile(sessionPath(configDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const parsed = JSON.parse(raw) as Partial<Session>
  if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') {
    throw new Error(`${sessionPath(configDir)} is not a valid session file; run \`affix login\` again.`)
  }
  return { url: parsed.url, token: parsed.token }
}

export async function saveSession(configDir: string, session: Session): Promise<string> {
  const file = sessionPath(configDir)
  await mkdir(configDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 })
  // writeFile's mode only applies when it creates the file; tighten an older one too.
  await chmod(file, 0o600)
  return file
}

export async function removeSession(configDir: string): Promise<void> {
  await rm(sessionPath(configDir), { force: true })
}
