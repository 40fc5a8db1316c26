/*
 * `affix campaigns payout` and `affix campaigns caps` through the built binary against a live
 * server with its own database (affix_test_cli_rules): set and show a plan from a JSON file,
 * add, change, list and delete caps, and the server's translated refusals.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

let server: TestServer
let workDir: string
let campaignId: number

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/campaigns/caps.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-rules-'))
  server = await startTestServer({ database: 'affix_test_cli_rules' })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  // A campaign the demo players never joined: a plan changes only while a campaign has none.
  const campaigns = await affixJson<Array<{ id: number; status: string }>>(['campaigns', 'list'])
  campaignId = campaigns.find((campaign) => campaign.status !== 'active')!.id
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix campaigns payout', () => {
  it('sets a plan from a file and shows it', async () => {
    const file = join(workDir, 'plan.json')
    await writeFile(
      file,
      JSON.stringify({
        model: 'cpa',
        goal: 'ftd',
        cpaPayout: 50,
        rangeRules: { enabled: true, ranges: [{ from: 1, payout: 5 }] },
      })
    )
    const saved = await affix(['campaigns', 'payout', String(campaignId), '--set', file])
    expect(saved.exitCode, saved.stderr).toBe(0)
    expect(saved.stdout).toContain(`Saved the payout plan of campaign #${campaignId}.`)
    expect(saved.stdout).toContain('50.00')
    const plan = await affixJson<{ model: string; cpaPayout: string; rangeRules: { enabled: boolean } }>([
      'campaigns',
      'payout',
      String(campaignId),
    ])
    expect(plan).toMatchObject({ model: 'cpa', cpaPayout: '50.00', rangeRules: { enabled: true } })
  })

  it('shows the server refusal and exits 1; a bad file exits 2 before any call', async () => {
    const file = join(workDir, 'bad.json')
    await writeFile(file, JSON.stringify({ model: 'cps', cpsNgrP: 120 }))
    const refused = await affix(['campaigns', 'payout', String(campaignId), '--set', file])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('Payout must be greater than 0 and at most 100')
    const pt = await affix(['campaigns', 'payout', String(campaignId), '--set', file], { AFFIX_LOCALE: 'pt' })
    expect(pt.stderr).toContain('O pagamento deve ser maior que 0 e no máximo 100')
    await writeFile(file, 'not json')
    const broken = await affix(['campaigns', 'payout', String(campaignId), '--set', file])
    expect(broken.exitCode).toBe(2)
    expect(broken.stderr).toContain('must hold a JSON object')
  })
})

describe('affix campaigns caps', () => {
  it('adds, changes, lists and deletes a cap', async () => {
    const file = join(workDir, 'cap.json')
    await writeFile(
      file,
      JSON.stringify({
        variable: 'clicks',
        type: 'combined',
        visibility: 'public',
        action: 'reject_activity',
        limits: { daily: 100, monthly: 1000 },
      })
    )
    const cap = await affixJson<{ id: number; limits: Record<string, number | null> }>([
      'campaigns',
      'caps',
      String(campaignId),
      '--add',
      file,
    ])
    expect(cap.limits).toMatchObject({ daily: 100, monthly: 1000 })
    await writeFile(file, JSON.stringify({ action: 'pause_campaign' }))
    const changed = await affix(['campaigns', 'caps', String(campaignId), '--update', String(cap.id), '--file', file])
    expect(changed.exitCode, changed.stderr).toBe(0)
    expect(changed.stdout).toContain('pause_campaign')
    const listed = await affix(['campaigns', 'caps', String(campaignId)])
    expect(listed.stdout).toContain('clicks')
    await writeFile(file, JSON.stringify({ limits: { daily: 100, fifteenDays: 50 } }))
    const refused = await affix(['campaigns', 'caps', String(campaignId), '--update', String(cap.id), '--file', file])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('Daily limit must be below the 15-day and monthly limits')
    const deleted = await affix(['campaigns', 'caps', String(campaignId), '--delete', String(cap.id)])
    expect(deleted.stdout).toContain(`Deleted cap #${cap.id}.`)
    expect(await affixJson<unknown[]>(['campaigns', 'caps', String(campaignId)])).toEqual([])
  })
})

describe('affix campaigns targeting', () => {
  it('adds, changes, lists and deletes a rule block; refuses a bad IP range with the server message', async () => {
    const file = join(workDir, 'block.json')
    await writeFile(
      file,
      JSON.stringify({
        name: 'Brazil mobile',
        logic: 'and',
        conditions: [
          { field: 'country', operator: 'in', values: ['BR'] },
          { field: 'device', operator: 'in', values: ['mobile'] },
        ],
      })
    )
    const block = await affixJson<{ id: number; name: string; conditions: unknown[] }>([
      'campaigns',
      'targeting',
      String(campaignId),
      '--add',
      file,
    ])
    expect(block).toMatchObject({
      name: 'Brazil mobile',
      conditions: [{ field: 'country', operator: 'in', values: ['BR'] }, { field: 'device' }],
    })
    await writeFile(file, JSON.stringify({ logic: 'or' }))
    const changed = await affix([
      'campaigns',
      'targeting',
      String(campaignId),
      '--update',
      String(block.id),
      '--file',
      file,
    ])
    expect(changed.exitCode, changed.stderr).toBe(0)
    expect(changed.stdout).toContain('country in BR; device in mobile')
    const listed = await affix(['campaigns', 'targeting', String(campaignId)])
    expect(listed.stdout).toContain('Brazil mobile')
    await writeFile(
      file,
      JSON.stringify({ conditions: [{ field: 'ip_range', operator: 'in', values: ['10.0.0.0/40'] }] })
    )
    const refused = await affix([
      'campaigns',
      'targeting',
      String(campaignId),
      '--update',
      String(block.id),
      '--file',
      file,
    ])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('10.0.0.0/40 is not a valid IP range')
    const deleted = await affix(['campaigns', 'targeting', String(campaignId), '--delete', String(block.id)])
    expect(deleted.stdout).toContain(`Deleted rule block #${block.id}.`)
    const empty = await affix(['campaigns', 'targeting', String(campaignId)])
    expect(empty.stdout).toContain('No targeting rule blocks')
  })
})
