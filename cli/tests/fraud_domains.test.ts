/*
 * `affix fraud …` and `affix domains …` through the built binary against a live server with
 * its own database (affix_test_cli_fraud).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

let server: TestServer
let workDir: string

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/fraud/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-fraud-'))
  server = await startTestServer({ database: 'affix_test_cli_fraud' })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix fraud', () => {
  it('creates, lists and deletes rules; shows the server messages', async () => {
    const created = await affixJson([
      'fraud',
      'create',
      '--name',
      'CLI blacklist',
      '--action',
      'block',
      '--type',
      'blacklist',
      '--ip',
      '203.0.113.0/24',
      '--user-agent',
      'HeadlessChrome',
    ])
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'CLI blacklist',
      action: 'block',
      type: 'blacklist',
      ips: ['203.0.113.0/24'],
      userAgents: ['HeadlessChrome'],
    })
    const listed = await affixJson<any[]>(['fraud', 'list', '--type', 'blacklist', '--sort', 'id'])
    // The demo network's own blacklist rule, then the new one.
    expect(listed.map((rule) => rule.name)).toEqual(['Block known click farms', 'CLI blacklist'])
    expect(listed[1].id).toBe(created.id)
    const table = await affix(['fraud', 'list', '--q', 'CLI'])
    expect(table.stdout).toContain('CLI blacklist')

    const invalid = await affix([
      'fraud',
      'create',
      '--name',
      'Bad',
      '--action',
      'mark',
      '--type',
      'blacklist',
      '--ip',
      '10.0.0.0/33',
    ])
    expect(invalid.exitCode).toBe(1)
    expect(invalid.stderr).toContain('"10.0.0.0/33" is not a valid IP address or CIDR range')
    const empty = await affix(
      ['fraud', 'create', '--name', 'Empty', '--action', 'mark', '--type', 'device', '--json'],
      { AFFIX_LOCALE: 'pt' }
    )
    expect(JSON.parse(empty.stdout).error.message).toBe(
      'Uma regra de dispositivo precisa de pelo menos um tipo de dispositivo ou sistema operacional'
    )

    expect(await affixJson(['fraud', 'delete', String(created.id)])).toEqual({ id: created.id })
    expect((await affixJson<any[]>(['fraud', 'list', '--type', 'blacklist'])).map((rule) => rule.id)).not.toContain(
      created.id
    )
  })
})

describe('affix domains', () => {
  it('creates, lists and deletes domains; the default moves', async () => {
    const first = await affixJson(['domains', 'create', '--name', 'Track.CLI-test.example', '--default'])
    expect(first).toMatchObject({
      name: 'track.cli-test.example',
      isDefault: true,
      baseUrl: 'https://track.cli-test.example',
    })
    const second = await affixJson([
      'domains',
      'create',
      '--name',
      'go.cli-test.example',
      '--protocol',
      'http',
      '--no-ssl',
      '--type',
      'white_label',
      '--default',
    ])
    expect(second).toMatchObject({ protocol: 'http', ssl: false, type: 'white_label', isDefault: true })
    const listed = await affixJson<any[]>(['domains', 'list', '--q', 'cli-test'])
    expect(listed.filter((domain) => domain.isDefault).map((domain) => domain.id)).toEqual([second.id])
    const human = await affix(['domains', 'list', '--type', 'white_label'])
    expect(human.stdout).toContain('http://go.cli-test.example')

    const taken = await affix(['domains', 'create', '--name', 'track.cli-test.example'])
    expect(taken.exitCode).toBe(1)
    expect(taken.stderr).toContain('This domain is already in use')

    expect(await affixJson(['domains', 'delete', String(first.id)])).toEqual({ id: first.id })
    expect(await affixJson(['domains', 'delete', String(second.id)])).toEqual({ id: second.id })
  })
})
