/*
 * `affix campaigns …` through the built binary against a live server with its own database
 * (affix_test_cli_campaigns): the demo campaigns, create, get, status, the URL check and the
 * server's refusals.
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
let brandId: number

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/campaigns/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-campaigns-'))
  server = await startTestServer({ database: 'affix_test_cli_campaigns' })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  brandId = (await affixJson<Array<{ id: number }>>(['brands', 'list']))[0].id
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix campaigns', () => {
  it('lists the demo campaigns, creates one, shows it and changes its status', async () => {
    const demo = await affixJson<Array<{ title: string }>>(['campaigns', 'list'])
    expect(demo.map((campaign) => campaign.title).sort()).toEqual([
      'Sports Hybrid',
      'VIP Rev Share',
      'Welcome Bonus CPA',
    ])

    const created = await affixJson<{
      id: number
      status: string
      currency: string
      coverageCountries: string[]
      visibility: string
    }>([
      'campaigns',
      'create',
      '--title',
      'CLI Campaign',
      '--brand',
      String(brandId),
      '--default-url',
      'https://brand.example/?cid={click_id}',
      '--private',
      '--currency',
      'eur',
      '--countries',
      'br,pt',
    ])
    expect(created).toMatchObject({
      status: 'active',
      currency: 'EUR',
      coverageCountries: ['BR', 'PT'],
      visibility: 'private',
    })

    const shown = await affix(['campaigns', 'get', String(created.id)])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toContain('CLI Campaign')
    expect(shown.stdout).toContain('https://brand.example/?cid={click_id}')

    const paused = await affix(['campaigns', 'status', String(created.id), '--to', 'paused'])
    expect(paused.exitCode, paused.stderr).toBe(0)
    expect(paused.stdout).toContain('1 campaign(s) now paused.')
    // The demo data has one paused campaign already.
    const listed = await affixJson<Array<{ id: number; title: string }>>(['campaigns', 'list', '--status', 'paused'])
    expect(listed.map((campaign) => campaign.title).sort()).toEqual(['CLI Campaign', 'Sports Hybrid'])
  })

  it('updates a campaign and makes tracking links (parameters, short link) for an affiliate', async () => {
    const [campaign] = await affixJson<Array<{ id: number }>>(['campaigns', 'list', '--q', 'Welcome'])
    const updated = await affixJson<{ title: string; featured: boolean; fallbackUrl: string | null }>([
      'campaigns',
      'update',
      String(campaign.id),
      '--title',
      'Welcome CPA (CLI)',
      '--no-featured',
      '--fallback-url',
      '',
    ])
    expect(updated).toMatchObject({ title: 'Welcome CPA (CLI)', featured: false, fallbackUrl: null })
    const nothing = await affix(['campaigns', 'update', String(campaign.id)])
    expect(nothing.exitCode).toBe(2)

    const [affiliate] = await affixJson<Array<{ id: number }>>(['affiliates', 'list', '--status', 'active'])
    const link = await affixJson<{ url: string; shortUrl: string | null; affiliateId: number }>([
      'campaigns',
      'link',
      String(campaign.id),
      '--affiliate',
      String(affiliate.id),
      '--param',
      'p1=summer',
      '--param',
      'source=cli',
      '--short',
    ])
    const url = new URL(link.url)
    expect(url.pathname).toBe(`/c/${campaign.id}`)
    expect(url.searchParams.get('pub_id')).toBe(String(affiliate.id))
    expect(url.searchParams.get('p1')).toBe('summer')
    expect(url.searchParams.get('source')).toBe('cli')
    expect(link.shortUrl).toMatch(/\/s\/[A-Za-z0-9]{10}$/)
    const plain = await affix(['campaigns', 'link', String(campaign.id), '--affiliate', String(affiliate.id)])
    expect(plain.exitCode, plain.stderr).toBe(0)
    expect(plain.stdout).toContain(`/c/${campaign.id}?pub_id=${affiliate.id}`)
    const badParam = await affix(['campaigns', 'link', String(campaign.id), '--param', 'zz=1'])
    expect(badParam.exitCode).toBe(2)
    const noAffiliate = await affix(['campaigns', 'link', String(campaign.id)])
    expect(noAffiliate.exitCode).toBe(1)
    expect(noAffiliate.stderr).toContain('Please select an affiliate')
  })

  it('checks tracking URLs with the spec messages and exits 1 when one is not valid', async () => {
    const valid = await affix([
      'campaigns',
      'validate-url',
      'https://brand.example/?cid={click_id}&p={pub_id}',
      '--macros',
      'click_id,pub_id',
    ])
    expect(valid.exitCode, valid.stderr).toBe(0)
    expect(valid.stdout.trim()).toBe('URL is valid with the specified macros.')
    const missing = await affix(['campaigns', 'validate-url', 'https://brand.example/', '--macros', 'click_id,pub_id'])
    expect(missing.exitCode).toBe(1)
    expect(missing.stdout.trim()).toBe('Please include all the required macros (click_id, pub_id) in the URL.')
    const portuguese = await affix(
      ['campaigns', 'validate-url', 'https://brand.example/', '--macros', 'click_id,source', '--any'],
      { AFFIX_LOCALE: 'pt-BR' }
    )
    expect(portuguese.exitCode).toBe(1)
    expect(portuguese.stdout.trim()).toBe('Por favor, inclua pelo menos as macros click_id ou source na URL:')
  })

  it('shows the server refusals and exits 1', async () => {
    const badUrl = await affix([
      'campaigns',
      'create',
      '--title',
      'Bad',
      '--brand',
      String(brandId),
      '--default-url',
      'not a url',
    ])
    expect(badUrl.exitCode).toBe(1)
    expect(badUrl.stderr).toContain('Invalid URL')
    const unknownBrand = await affix([
      'campaigns',
      'create',
      '--title',
      'Bad',
      '--brand',
      '999999',
      '--default-url',
      'https://x.example',
    ])
    expect(unknownBrand.exitCode).toBe(1)
    expect(unknownBrand.stderr).toContain('Please select a valid brand')
  })
})

describe('affix clicks', () => {
  it('lists the clicks a tracking link made, filtered, and shows one', async () => {
    const [campaign] = await affixJson<Array<{ id: number }>>(['campaigns', 'list', '--status', 'active', '--visibility', 'public'])
    const [affiliate] = await affixJson<Array<{ id: number }>>(['affiliates', 'list', '--status', 'active'])
    const link = await affixJson<{ url: string }>(['campaigns', 'link', String(campaign.id), '--affiliate', String(affiliate.id), '--param', 'sub1=cli-clicks'])
    const tracked = new URL(link.url)
    const answer = await fetch(`${server.url}${tracked.pathname}${tracked.search}`, { redirect: 'manual', headers: { 'user-agent': 'affix-cli-test' } })
    expect(answer.status).toBe(302)

    const clicks = await affixJson<Array<{ clickId: string; outcome: string; params: Record<string, string> }>>([
      'clicks',
      'list',
      '--campaign',
      String(campaign.id),
      '--affiliate',
      String(affiliate.id),
      '--outcome',
      'redirect',
    ])
    const click = clicks.find((row) => row.params.sub1 === 'cli-clicks')
    expect(click).toBeDefined()
    expect(answer.headers.get('location')).toContain(click!.clickId)
    expect(await affixJson(['clicks', 'list', '--campaign', String(campaign.id), '--reason', 'cap_reached'])).toEqual([])

    const table = await affix(['clicks', 'list', '--campaign', String(campaign.id)])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain(click!.clickId)
    expect(table.stdout).toMatch(/Showing 1-\d+ of \d+ clicks\./)
    const shown = await affix(['clicks', 'get', click!.clickId])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/Outcome:\s+redirect/)
    expect(shown.stdout).toContain('sub1=cli-clicks')
    expect(await affixJson(['clicks', 'get', click!.clickId])).toMatchObject({ clickId: click!.clickId, userAgent: 'affix-cli-test' })

    const missing = await affix(['clicks', 'get', '01937a4e-8c1f-7b2a-9d3e-4f5a6b7c8d9e'])
    expect(missing.exitCode).toBe(1)
    const badReason = await affix(['clicks', 'list', '--reason', 'nope'])
    expect(badReason.exitCode).toBe(2)
  })
})
