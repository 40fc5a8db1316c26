/*
 * `affix postbacks …` and `affix webhooks …` through the built binary against a live server
 * with its own database (affix_test_cli_postbacks) and a local receiver it may call
 * (AFFIX_OUTBOUND_ALLOW).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

let server: TestServer
let workDir: string
let receiver: Server
let receiverUrl: string
const received: string[] = []

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/postbacks/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  receiver = createServer((request, response) => {
    received.push(request.url!)
    response.end('OK')
  })
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-postbacks-'))
  server = await startTestServer({ database: 'affix_test_cli_postbacks', env: { AFFIX_OUTBOUND_ALLOW: '127.0.0.1' } })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
})

afterAll(async () => {
  await server?.stop()
  await new Promise((done) => receiver?.close(done))
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix postbacks', () => {
  it('creates with the URL validator, lists, tests, reads the log and resends', async () => {
    const refused = await affix([
      'postbacks',
      'create',
      '--name',
      'No macro',
      '--event',
      'ftd',
      '--url',
      `${receiverUrl}/pb`,
    ])
    expect(refused.exitCode).not.toBe(0)
    // oclif wraps long messages: compare without the line breaks.
    expect(refused.stderr.replace(/\s*\n\s*›\s*/g, ' ')).toContain(
      'Please include at least click_id, customer_id, txn_id, event_id macros in the URL:'
    )

    const created = await affixJson([
      'postbacks',
      'create',
      '--name',
      'CLI feed',
      '--event',
      'ftd',
      '--event',
      'deposit',
      '--url',
      `${receiverUrl}/pb?c={click_id}&e={event}`,
    ])
    expect(created).toMatchObject({
      id: expect.any(Number),
      affiliateId: null,
      events: ['ftd', 'deposit'],
      method: 'get',
    })

    const listed = await affixJson<any[]>(['postbacks', 'list', '--limit', '100'])
    expect(listed.map((postback) => postback.name)).toContain('CLI feed')
    // The demo's postbacks are there too, seeded inactive.
    expect(listed.some((postback) => postback.name === 'Network FTD feed' && postback.status === 'inactive')).toBe(true)

    const tested = await affixJson(['postbacks', 'test', String(created.id)])
    expect(tested.response).toMatchObject({ ok: true, statusCode: 200, body: 'OK' })
    expect(received).toEqual(['/pb?c=00000000-0000-4000-8000-000000000000&e=ftd'])
    const shown = await affix(['postbacks', 'test', '--url', `${receiverUrl}/x?c={click_id}`, '--event', 'deposit'])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(`GET ${receiverUrl}/x?c=00000000-0000-4000-8000-000000000000`)

    const log = await affixJson<any[]>(['postbacks', 'logs', '--postback', String(created.id)])
    expect(log.map((line) => [line.event, line.outcome])).toEqual([['test.ftd', 'success']])
    const failures = await affixJson<any[]>(['postbacks', 'logs', '--outcome', 'failure', '--limit', '100'])
    expect(failures.length).toBeGreaterThan(0)
    expect(failures.every((line) => line.outcome === 'failure')).toBe(true)

    // A demo delivery that failed is queued again (its postback is inactive, so it dead-letters again).
    const resent = await affixJson(['postbacks', 'resend', String(failures[0].id)])
    expect(resent).toEqual({ deliveries: 1 })
    const range = await affixJson([
      'postbacks',
      'resend',
      '--from',
      new Date(Date.now() - 30 * 86_400_000).toISOString(),
      '--to',
      new Date().toISOString(),
    ])
    expect(range.deliveries).toBeGreaterThan(0)
    const missing = await affix(['postbacks', 'resend'])
    expect(missing.exitCode).not.toBe(0)
  })
})

describe('affix webhooks', () => {
  it('creates a webhook, shows its secret once, lists it', async () => {
    const created = await affixJson([
      'webhooks',
      'create',
      '--name',
      'CLI hook',
      '--url',
      'https://hooks.example.com/cli',
      '--event',
      'customer.ftd',
    ])
    expect(created.secret).toMatch(/^whsec_/)
    const listed = await affixJson<any[]>(['webhooks', 'list'])
    const row = listed.find((webhook) => webhook.id === created.id)
    expect(row).toMatchObject({ name: 'CLI hook', events: ['customer.ftd'], status: 'active' })
    expect(row.secret).toBeUndefined()
  })
})
