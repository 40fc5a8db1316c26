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
    expect(missing.exitCode).toBe(2)
    const both = await affix(['postbacks', 'resend', '1', '--dead-letter', '2'])
    expect(both.exitCode).toBe(2)

    // Those deliveries give up again (their postback is inactive) and show as dead letters.
    let dead: any[] = []
    for (let tries = 0; tries < 60 && !dead.length; tries++) {
      dead = await affixJson<any[]>(['postbacks', 'dead-letters', '--limit', '100'])
      if (!dead.length) await new Promise((done) => setTimeout(done, 500))
    }
    expect(dead.length).toBeGreaterThan(0)
    expect(dead.every((row) => typeof row.eventId === 'string' && row.postbackId)).toBe(true)
    const table = await affix(['postbacks', 'dead-letters', '--postback', String(dead[0].postbackId)])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain(dead[0].eventId)
    const one = await affixJson(['postbacks', 'resend', '--dead-letter', String(dead[0].id)])
    expect(one).toEqual({ deliveries: 1 })
    const unknown = await affix(['postbacks', 'resend', '--dead-letter', '999999999'])
    expect(unknown.exitCode).toBe(1)
  })
})

describe('affix webhooks', () => {
  it('gets, updates, tests, rotates the secret of, reads the log of and deletes a webhook', async () => {
    const created = await affixJson([
      'webhooks',
      'create',
      '--name',
      'Local hook',
      '--url',
      `${receiverUrl}/hook`,
      '--event',
      'customer.registered',
    ])
    const shown = await affix(['webhooks', 'get', String(created.id)])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toContain('Local hook')
    expect(shown.stdout).not.toContain(created.secret)

    const updated = await affixJson([
      'webhooks',
      'update',
      String(created.id),
      '--name',
      'Local hook 2',
      '--event',
      'customer.ftd',
      '--event',
      'commission.approved',
    ])
    expect(updated).toMatchObject({ name: 'Local hook 2', events: ['customer.ftd', 'commission.approved'] })
    const nothing = await affix(['webhooks', 'update', String(created.id)])
    expect(nothing.exitCode).toBe(2)
    const badUrl = await affix(['webhooks', 'update', String(created.id), '--url', 'ftp://nope'])
    expect(badUrl.exitCode).toBe(1)

    const tested = await affixJson(['webhooks', 'test', String(created.id)])
    expect(tested.response).toMatchObject({ ok: true, statusCode: 200 })
    expect(tested.request.headers['x-affix-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(received).toContain('/hook')

    const rotated = await affixJson(['webhooks', 'rotate-secret', String(created.id)])
    expect(rotated.secret).toMatch(/^whsec_/)
    expect(rotated.secret).not.toBe(created.secret)
    const rotatedText = await affix(['webhooks', 'rotate-secret', String(created.id)])
    expect(rotatedText.stdout).toMatch(/whsec_\S+/)

    const log = await affixJson<any[]>(['webhooks', 'logs', '--webhook', String(created.id)])
    expect(log.map((line) => [line.event, line.outcome])).toEqual([['test.customer.ftd', 'success']])
    const logTable = await affix(['webhooks', 'logs', '--webhook', String(created.id), '--outcome', 'success'])
    expect(logTable.stdout).toContain('test.customer.ftd')
    const dead = await affixJson<any[]>(['webhooks', 'dead-letters', '--webhook', String(created.id)])
    expect(dead).toEqual([])
    const resend = await affixJson(['webhooks', 'resend', String(log[0].id)])
    // A test line is sent by the test tool only.
    expect(resend).toEqual({ deliveries: 0 })
    const range = await affixJson([
      'webhooks',
      'resend',
      '--from',
      new Date(Date.now() - 86_400_000).toISOString(),
      '--to',
      new Date().toISOString(),
      '--webhook',
      String(created.id),
    ])
    expect(range).toEqual({ deliveries: 0 })

    const deleted = await affixJson(['webhooks', 'delete', String(created.id)])
    expect(deleted).toEqual({ id: created.id })
    const gone = await affix(['webhooks', 'get', String(created.id)])
    expect(gone.exitCode).toBe(1)
  })

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
