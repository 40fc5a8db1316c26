/*
 * Demo media for a new organisation: two banners (PNGs drawn here with sharp, stored
 * through the kernel's storage), text links, a shared brand kit and a retired folder, so
 * the demo shows creatives at once. Public tokens are random (they must not be guessable),
 * everything else is fixed.
 */
import { randomBytes } from 'node:crypto'
import { storage, type SeedContext } from '@affix/core/kernel'
import { mediaFileKey } from './services/media_files.js'

interface DemoBanner {
  title: string
  fileName: string
  width: number
  height: number
  headline: string
  detail: string
}

const BANNERS: DemoBanner[] = [
  {
    title: 'Lucky Spin welcome bonus 300x250',
    fileName: 'lucky-spin-300x250.png',
    width: 300,
    height: 250,
    headline: 'Lucky Spin',
    detail: '100% welcome bonus',
  },
  {
    title: 'Royal Bet sportsbook 728x90',
    fileName: 'royal-bet-728x90.png',
    width: 728,
    height: 90,
    headline: 'Royal Bet',
    detail: 'Bet on every match',
  },
]

function bannerSvg({ width, height, headline, detail }: DemoBanner) {
  const size = Math.round(Math.min(height * 0.28, width / 9))
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="50%" y="45%" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${headline}</text>
  <text x="50%" y="75%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(size * 0.6)}" fill="#fde68a">${detail}</text>
</svg>`)
}

const publicToken = () => randomBytes(24).toString('base64url')

export async function seedMedia({ organizationId, trx, dayAt }: SeedContext) {
  const { default: sharp } = await import('sharp')
  const now = dayAt(110, '16:00')
  const rows: Record<string, unknown>[] = []
  for (const banner of BANNERS) {
    const contents = await sharp(bannerSvg(banner)).png().toBuffer()
    const key = mediaFileKey(organizationId, 'png')
    await storage().put(key, contents)
    rows.push({
      organization_id: organizationId,
      title: banner.title,
      type: 'banner',
      status: 'active',
      link: 'https://luckyspin.example/?utm_source=affix&pid={pub_id}',
      description: 'Demo banner',
      macros: JSON.stringify([]),
      file_key: key,
      file_name: banner.fileName,
      file_mime: 'image/png',
      file_size: contents.length,
      width: banner.width,
      height: banner.height,
      public_token: publicToken(),
      created_at: now,
      updated_at: now,
    })
  }
  rows.push({
    organization_id: organizationId,
    title: 'Sign up and get 50 free spins',
    type: 'text_link',
    status: 'active',
    link: 'https://luckyspin.example/signup?src={source}&pid={pub_id}',
    description: 'Demo text link',
    macros: JSON.stringify([{ macro: '{source}', value: 'textlink' }]),
    public_token: publicToken(),
    created_at: now,
    updated_at: now,
  })
  const later = (daysAgo: number, values: Record<string, unknown>) => ({
    organization_id: organizationId,
    status: 'active',
    description: null,
    macros: JSON.stringify([]),
    public_token: publicToken(),
    created_at: dayAt(daysAgo, '16:00'),
    updated_at: dayAt(daysAgo, '16:00'),
    ...values,
  })
  rows.push(
    later(60, {
      title: 'Royal Bet – Champions League odds',
      type: 'text_link',
      link: 'https://royalbet.example/sports/football/champions-league?pid={pub_id}',
      description: 'Text link for tipsters',
    }),
    later(45, {
      title: 'Lucky Spin brand kit (logos, screenshots)',
      type: 'dropbox_link',
      link: 'https://www.dropbox.com/sh/demo-luckyspin-brand-kit',
      description: 'Logos in every size and lobby screenshots',
    }),
    later(100, {
      title: 'Easter tournament banners',
      type: 'drive_link',
      status: 'inactive',
      link: 'https://drive.google.com/drive/folders/demo-easter-banners',
      description: 'Retired after the tournament',
    })
  )
  // tenancy: every row carries the seeded organisation (built above)
  await trx.insertQuery().table('media').multiInsert(rows)
}
