/*
 * `affix media …` through the built binary against a live server with its own database
 * (affix_test_cli_media): create each kind (with a real PNG and an HTML file), list, get,
 * replace the file, banner code for an affiliate, delete, and the server's refusals.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliRunner } from './cli_runner.js'
import { DEMO_ADMIN, startTestServer, type TestServer } from '../../scripts/test_server.mjs'

const DATABASE = 'affix_test_cli_media'

let server: TestServer
let workDir: string
let affiliateId = 0
let campaignId = 0

const { affix, affixJson } = cliRunner(() => ({ url: server.url, workDir }))

/**
 * An active affiliate of the demo organisation and a public active campaign it may promote
 * (banner code names both). The demo media are removed so the lists below hold only what this
 * suite creates.
 */
async function demoAffiliateAndCampaign(): Promise<[number, number]> {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const org = await client.query('SELECT organization_id FROM users WHERE lower(email) = $1', [DEMO_ADMIN.email])
    await client.query('DELETE FROM media WHERE organization_id = $1', [org.rows[0].organization_id])
    const row = await client.query(
      `SELECT u.id AS affiliate_id, c.id AS campaign_id
         FROM users u JOIN campaigns c ON c.organization_id = u.organization_id
        WHERE u.organization_id = $1 AND u.role = 'affiliate' AND u.status = 'active'
          AND c.status = 'active' AND c.visibility = 'public'
          AND NOT EXISTS (SELECT 1 FROM campaign_blocked_affiliates b WHERE b.campaign_id = c.id AND b.affiliate_id = u.id)
        ORDER BY u.id, c.id LIMIT 1`,
      [org.rows[0].organization_id]
    )
    return [Number(row.rows[0].affiliate_id), Number(row.rows[0].campaign_id)]
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../dist/commands/media/list.js', import.meta.url)))) {
    throw new Error('The CLI is not built: run `npm run build -w @affix/sdk && npm run build -w @affix/cli` first.')
  }
  workDir = await mkdtemp(join(tmpdir(), 'affix-cli-media-'))
  server = await startTestServer({ database: DATABASE })
  const login = await affix(['login', '--email', DEMO_ADMIN.email, '--password', DEMO_ADMIN.password])
  expect(login.exitCode, login.stderr).toBe(0)
  ;[affiliateId, campaignId] = await demoAffiliateAndCampaign()
  await writeFile(
    join(workDir, 'banner.png'),
    await sharp({ create: { width: 300, height: 250, channels: 3, background: { r: 90, g: 30, b: 160 } } })
      .png()
      .toBuffer()
  )
  await writeFile(
    join(workDir, 'banner.webp'),
    await sharp({ create: { width: 728, height: 90, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .webp()
      .toBuffer()
  )
  await writeFile(join(workDir, 'ad.html'), '<div><a href="{tracking_link}">Play now</a></div>')
  await writeFile(join(workDir, 'fake.png'), 'not an image at all')
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('affix media', () => {
  let bannerId = 0

  it('creates a banner from an image file and an HTML ad, in human and --json output', async () => {
    const human = await affix([
      'media',
      'create',
      '--title',
      'Spring "300x250"',
      '--type',
      'banner',
      '--file',
      'banner.png',
      '--macro',
      '{source}=cli',
    ])
    expect(human.exitCode, human.stderr).toBe(0)
    expect(human.stdout).toMatch(/Created media #\d+ "Spring "300x250""/)
    expect(human.stdout).toContain('banner.png (image/png')
    bannerId = Number(/#(\d+)/.exec(human.stdout)![1])

    const ad = await affixJson([
      'media',
      'create',
      '--title',
      'HTML ad',
      '--type',
      'htmlad',
      '--file',
      'ad.html',
      '--description',
      'Sidebar',
    ])
    expect(ad).toMatchObject({
      title: 'HTML ad',
      type: 'htmlad',
      description: 'Sidebar',
      file: { name: 'ad.html', mime: 'text/html' },
    })
    const link = await affixJson([
      'media',
      'create',
      '--title',
      'Welcome',
      '--type',
      'text_link',
      '--link',
      'https://casino.example/welcome?src={source}',
      '--macro',
      '{source}=mail',
      '--status',
      'inactive',
    ])
    expect(link).toMatchObject({
      type: 'text_link',
      status: 'inactive',
      macros: [{ macro: '{source}', value: 'mail' }],
      file: null,
    })
  })

  it('lists with filters, and gets one', async () => {
    const banners = await affixJson<any[]>(['media', 'list', '--type', 'banner'])
    expect(banners.map((media) => media.id)).toEqual([bannerId])
    const inactive = await affixJson<any[]>(['media', 'list', '--status', 'inactive'])
    expect(inactive.map((media) => media.title)).toEqual(['Welcome'])
    const table = await affix(['media', 'list', '--sort', 'title'])
    expect(table.exitCode, table.stderr).toBe(0)
    expect(table.stdout).toContain('TITLE')
    expect(table.stdout).toMatch(/Showing 1-3 of 3 media\./)

    const media = await affixJson(['media', 'get', String(bannerId)])
    expect(media).toMatchObject({
      id: bannerId,
      type: 'banner',
      macros: [{ macro: '{source}', value: 'cli' }],
      file: { width: 300, height: 250 },
    })
  })

  it('replaces the file with upload', async () => {
    const media = await affixJson(['media', 'upload', String(bannerId), 'banner.webp'])
    expect(media.file).toMatchObject({ name: 'banner.webp', mime: 'image/webp', width: 728, height: 90 })
  })

  it('prints banner code for an affiliate: everything, or only the HTML', async () => {
    const code = await affixJson([
      'media',
      'banner-code',
      String(bannerId),
      '--affiliate-id',
      String(affiliateId),
      '--campaign-id',
      String(campaignId),
    ])
    expect(new URL(code.trackingLink).searchParams.get('pub_id')).toBe(String(affiliateId))
    expect(code.html).toContain('alt="Spring &quot;300x250&quot;"')
    expect(code.js).not.toContain('document.write')
    const html = await affix([
      'media',
      'banner-code',
      String(bannerId),
      '--affiliate-id',
      String(affiliateId),
      '--campaign-id',
      String(campaignId),
      '--html',
    ])
    expect(html.exitCode, html.stderr).toBe(0)
    expect(html.stdout.trim()).toBe(code.html)
    const missing = await affix(['media', 'banner-code', String(bannerId)])
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toContain('Please select an affiliate')
  })

  it("shows the server's refusals and refuses bad local input before any request", async () => {
    const fake = await affix(['media', 'create', '--title', 'Fake', '--type', 'banner', '--file', 'fake.png'])
    expect(fake.exitCode).toBe(1)
    expect(fake.stderr).toContain('Please upload a valid file: a PNG, JPEG, GIF or WebP image.')
    const noLink = await affix(['media', 'create', '--title', 'X', '--type', 'text_link'], { AFFIX_LOCALE: 'pt-BR' })
    expect(noLink.exitCode).toBe(1)
    expect(noLink.stderr).toContain('O link é obrigatório')
    const campaign = await affix([
      'media',
      'create',
      '--title',
      'X',
      '--type',
      'hidden',
      '--campaign-id',
      '999999',
      '--json',
    ])
    expect(campaign.exitCode).toBe(1)
    expect(JSON.parse(campaign.stdout).error).toMatchObject({ status: 422, message: 'Please select a valid campaign' })
    const badMacro = await affix(['media', 'create', '--title', 'X', '--type', 'hidden', '--macro', 'source=x'])
    expect(badMacro.exitCode).toBe(2)
    expect(badMacro.stderr).toContain('is not a macro')
    const noFile = await affix(['media', 'upload', String(bannerId), 'missing.png'])
    expect(noFile.exitCode).toBe(2)
    expect(noFile.stderr).toContain('File not found')
  })

  it('deletes a media', async () => {
    const deleted = await affixJson(['media', 'delete', String(bannerId)])
    expect(deleted).toEqual({ id: bannerId })
    const gone = await affix(['media', 'get', String(bannerId)])
    expect(gone.exitCode).toBe(1)
    expect(gone.stderr).toContain('Sorry, the page you visited does not exist.')
  })
})
