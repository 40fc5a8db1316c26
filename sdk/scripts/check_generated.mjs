#!/usr/bin/env node
/*
 * Fails (exit 1) when sdk/src/generated no longer matches what openapi-ts produces from
 * openapi/openapi.json: regenerates into a temporary directory with the same config and
 * compares every file. Run from anywhere: node sdk/scripts/check_generated.mjs
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const SDK_DIR = fileURLToPath(new URL('..', import.meta.url))
const COMMITTED_DIR = join(SDK_DIR, 'src', 'generated')
const REGENERATE_HINT = 'Run `npm run generate -w @affix/sdk` and commit sdk/src/generated.'

function listFiles(dir) {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort()
  } catch (error) {
    if (error.code === 'ENOENT') return []
    throw error
  }
}

function regenerate(outputDir) {
  // The package exports no bin path, so locate it through its package.json.
  const manifestPath = createRequire(join(SDK_DIR, 'package.json')).resolve('@hey-api/openapi-ts/package.json')
  const openapiTsBin = join(dirname(manifestPath), JSON.parse(readFileSync(manifestPath, 'utf8')).bin['openapi-ts'])
  const run = spawnSync(process.execPath, [openapiTsBin], {
    cwd: SDK_DIR,
    env: { ...process.env, AFFIX_SDK_OUTPUT: outputDir, NO_COLOR: '1' },
    encoding: 'utf8',
  })
  if (run.status !== 0) {
    console.error(`openapi-ts failed (exit ${run.status}):\n${run.stdout}${run.stderr}`)
    process.exit(2)
  }
}

const freshDir = mkdtempSync(join(tmpdir(), 'affix-sdk-generated-'))
try {
  regenerate(freshDir)
  const committed = new Set(listFiles(COMMITTED_DIR))
  const fresh = new Set(listFiles(freshDir))
  const problems = []
  for (const file of fresh) {
    if (!committed.has(file)) problems.push(`missing: src/generated/${file}`)
    else if (readFileSync(join(freshDir, file), 'utf8') !== readFileSync(join(COMMITTED_DIR, file), 'utf8')) {
      problems.push(`out of date: src/generated/${file}`)
    }
  }
  for (const file of committed) if (!fresh.has(file)) problems.push(`no longer generated: src/generated/${file}`)

  if (problems.length) {
    console.error(
      `The generated SDK is stale (it does not match openapi/openapi.json):\n  ${problems.join('\n  ')}\n${REGENERATE_HINT}`
    )
    process.exit(1)
  }
  console.log(`sdk/src/generated is up to date (${fresh.size} files match openapi/openapi.json).`)
} finally {
  rmSync(freshDir, { recursive: true, force: true })
}
