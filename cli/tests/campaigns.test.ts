/*
 * `affix campaigns …` through the built binary against a live server with its own database
 * (affix_test_cli_campaigns): the demo campaigns, create, get, status, the URL check and the
 * server's refusals.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
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
      'Champions League Boost',
      'Evergreen Rev Share',
      'High Roller Cumulative Deposit',
      'Live Casino QFTD',
      'Mexico Launch',
      'Registration CPL Turkey',
      'Slots CPC Traffic',
      'Sports Hybrid',
      'Streamers Exclusive',
      'Summer Slots Promo',
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

describe('affix campaigns: access, notes, blocked affiliates, groups, featured, timeline, export, delete', () => {
  it('lets an affiliate ask for a private campaign and the network approve it', async () => {
    const affiliateDir = await mkdtemp(join(tmpdir(), 'affix-cli-affiliate-'))
    const { affix: asAffiliate, affixJson: asAffiliateJson } = cliRunner(() => ({
      url: server.url,
      workDir: affiliateDir,
    }))
    try {
      const login = await asAffiliate(['login', '--email', 'affiliate@demo.affix.dev', '--password', 'Demo#1234'])
      expect(login.exitCode, login.stderr).toBe(0)
      const [vip] = await affixJson<Array<{ id: number }>>(['campaigns', 'list', '--q', 'VIP'])
      const before = await asAffiliate(['campaigns', 'get', String(vip.id)])
      expect(before.exitCode, before.stderr).toBe(0)
      expect(before.stdout).toMatch(/Access:\s+need_approval/)
      expect(before.stdout).toMatch(/Question 1:\s+Where will you promote this campaign\? \(required\)/)

      // The required first question left empty: the server refuses and nothing is recorded.
      const unanswered = await asAffiliate(['campaigns', 'access', 'request', String(vip.id), '--answer', ''])
      expect(unanswered.exitCode).toBe(1)
      const asked = await asAffiliateJson<{ status: string; answers: Array<{ answer: string | null }> }>([
        'campaigns',
        'access',
        'request',
        String(vip.id),
        '--answer',
        'SEO blog',
        '--answer',
        '20',
      ])
      expect(asked.status).toBe('pending')
      expect(asked.answers.map((item) => item.answer)).toEqual(['SEO blog', '20'])
      // An affiliate never reads the network's inbox.
      expect((await asAffiliate(['campaigns', 'access', 'list'])).exitCode).toBe(1)

      const inbox = await affixJson<Array<{ campaignId: number; affiliateId: number; affiliateEmail: string }>>([
        'campaigns',
        'access',
        'list',
        '--status',
        'pending',
        '--campaign',
        String(vip.id),
      ])
      // The demo network has two partners waiting for this campaign already.
      expect(inbox).toHaveLength(3)
      const mine = inbox.filter((entry) => entry.affiliateEmail === 'affiliate@demo.affix.dev')
      expect(mine).toHaveLength(1)
      const shownInbox = await affix(['campaigns', 'access', 'list', '--status', 'pending'])
      expect(shownInbox.stdout).toContain('SEO blog | 20')

      const approved = await affixJson<{ status: string; decidedAt: string | null }>([
        'campaigns',
        'access',
        'approve',
        String(vip.id),
        String(mine[0].affiliateId),
      ])
      expect(approved.status).toBe('approved')
      expect(approved.decidedAt).not.toBeNull()
      const after = await asAffiliateJson<{ accessStatus: string }>(['campaigns', 'get', String(vip.id)])
      expect(after.accessStatus).toBe('approved')
      const again = await asAffiliate(['campaigns', 'access', 'request', String(vip.id)])
      expect(again.exitCode).toBe(1)

      const rejected = await affixJson<{ status: string }>([
        'campaigns',
        'access',
        'reject',
        String(vip.id),
        String(mine[0].affiliateId),
      ])
      expect(rejected.status).toBe('rejected')
      expect((await asAffiliateJson<{ accessStatus: string }>(['campaigns', 'get', String(vip.id)])).accessStatus).toBe(
        'rejected_approval'
      )
    } finally {
      await rm(affiliateDir, { recursive: true, force: true })
    }
  })

  it('keeps notes, blocks affiliates, sets groups and features, shows the timeline, exports and deletes', async () => {
    const created = await affixJson<{ id: number }>([
      'campaigns',
      'create',
      '--title',
      'CLI Details',
      '--brand',
      String(brandId),
      '--default-url',
      'https://brand.example/?c={click_id}',
    ])
    const id = String(created.id)

    const note = await affixJson<{ id: number; body: string }>(['campaigns', 'notes', id, '--add', 'Pause on Sundays'])
    expect(note.body).toBe('Pause on Sundays')
    const empty = await affix(['campaigns', 'notes', id, '--add', '   '])
    expect(empty.exitCode).toBe(1)
    expect(empty.stderr).toContain('Note cannot be empty')
    expect((await affix(['campaigns', 'notes', id])).stdout).toContain('Pause on Sundays')
    await affixJson(['campaigns', 'notes', id, '--delete', String(note.id)])
    expect((await affix(['campaigns', 'notes', id])).stdout.trim()).toBe('No notes.')

    const affiliates = await affixJson<Array<{ id: number }>>(['affiliates', 'list', '--status', 'active'])
    const blocked = await affixJson<{ affiliateIds: number[] }>([
      'campaigns',
      'blocked',
      id,
      '--set',
      String(affiliates[0].id),
    ])
    expect(blocked.affiliateIds).toEqual([affiliates[0].id])
    const link = await affix(['campaigns', 'link', id, '--affiliate', String(affiliates[0].id)])
    expect(link.exitCode).toBe(1)
    expect((await affix(['campaigns', 'blocked', id, '--set', '1,x'])).exitCode).toBe(2)
    expect((await affixJson<{ affiliateIds: number[] }>(['campaigns', 'blocked', id, '--clear'])).affiliateIds).toEqual(
      []
    )
    expect((await affix(['campaigns', 'blocked', id])).stdout.trim()).toBe('No affiliate is blocked.')

    const unknownGroup = await affix(['campaigns', 'groups', id, '--set', '999999'])
    expect(unknownGroup.exitCode).toBe(1)
    expect((await affixJson<{ groupIds: number[] }>(['campaigns', 'groups', id])).groupIds).toEqual([])

    expect(await affixJson<{ updated: number }>(['campaigns', 'featured', '--on', id])).toEqual({ updated: 1 })
    const featured = await affixJson<Array<{ id: number }>>(['campaigns', 'featured'])
    expect(featured.map((campaign) => campaign.id)).toContain(created.id)
    await affixJson(['campaigns', 'featured', '--off', id])
    expect(
      (await affixJson<Array<{ id: number }>>(['campaigns', 'featured'])).map((campaign) => campaign.id)
    ).not.toContain(created.id)

    const timeline = await affixJson<Array<{ event: string }>>(['campaigns', 'timeline', id])
    expect(timeline.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['created', 'blocked_affiliates_changed'])
    )

    const out = join(workDir, 'campaigns.csv')
    const exported = await affixJson<{ rows: number }>(['campaigns', 'export', '--q', 'CLI Details', '--out', out])
    expect(exported.rows).toBe(1)
    expect(await readFile(out, 'utf8')).toContain('CLI Details')

    expect(await affixJson<{ id: number }>(['campaigns', 'delete', id])).toEqual({ id: created.id })
    expect((await affix(['campaigns', 'get', id])).exitCode).toBe(1)
    expect((await affix(['campaigns', 'delete', id])).exitCode).toBe(1)
  })
})

describe('affix clicks', () => {
  it('lists the clicks a tracking link made, filtered, and shows one', async () => {
    const [campaign] = await affixJson<Array<{ id: number }>>([
      'campaigns',
      'list',
      '--status',
      'active',
      '--visibility',
      'public',
    ])
    const [affiliate] = await affixJson<Array<{ id: number }>>(['affiliates', 'list', '--status', 'active'])
    const link = await affixJson<{ url: string }>([
      'campaigns',
      'link',
      String(campaign.id),
      '--affiliate',
      String(affiliate.id),
      '--param',
      'sub1=cli-clicks',
    ])
    const tracked = new URL(link.url)
    const answer = await fetch(`${server.url}${tracked.pathname}${tracked.search}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'affix-cli-test' },
    })
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
    expect(await affixJson(['clicks', 'list', '--campaign', String(campaign.id), '--reason', 'cap_reached'])).toEqual(
      []
    )

    const table = await affix(['clicks', 'list', '--campaign', String(campaign.id)])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain(click!.clickId)
    expect(table.stdout).toMatch(/Showing 1-\d+ of \d+ clicks\./)
    const shown = await affix(['clicks', 'get', click!.clickId])
    expect(shown.exitCode, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/Outcome:\s+redirect/)
    expect(shown.stdout).toContain('sub1=cli-clicks')
    expect(await affixJson(['clicks', 'get', click!.clickId])).toMatchObject({
      clickId: click!.clickId,
      userAgent: 'affix-cli-test',
    })

    const missing = await affix(['clicks', 'get', '01937a4e-8c1f-7b2a-9d3e-4f5a6b7c8d9e'])
    expect(missing.exitCode).toBe(1)
    const badReason = await affix(['clicks', 'list', '--reason', 'nope'])
    expect(badReason.exitCode).toBe(2)
  })
})
