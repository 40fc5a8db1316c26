/*
 * Runs the built `affix` binary the way a person would, against a suite's live server:
 * its own config folder under the suite's work folder, English, no colours, and never a
 * password from the caller's environment.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

export const BIN = fileURLToPath(new URL('../bin/run.js', import.meta.url))

export interface RunResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** `context` is read on each call: the server and work folder exist only after beforeAll. */
export function cliRunner(context: () => { url: string; workDir: string }) {
  const affix = (args: string[], env: Record<string, string> = {}): Promise<RunResult> => {
    const { url, workDir } = context()
    const fullEnv: NodeJS.ProcessEnv = {
      ...process.env,
      AFFIX_CONFIG_DIR: join(workDir, 'config'),
      AFFIX_URL: url,
      AFFIX_LOCALE: 'en',
      NO_COLOR: '1',
      ...env,
    }
    delete fullEnv.AFFIX_PASSWORD
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args], { cwd: workDir, env: fullEnv }, (error, stdout, stderr) => {
        resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
      })
    })
  }
  const affixJson = async <T = any>(args: string[], env: Record<string, string> = {}): Promise<T> => {
    const result = await affix([...args, '--json'], env)
    // With --json a refusal is printed to stdout: both say why the command failed.
    expect(result.exitCode, `${result.stderr}\n${result.stdout}`).toBe(0)
    return JSON.parse(result.stdout) as T
  }
  return { affix, affixJson }
}
