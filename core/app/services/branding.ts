/*
 * White-label branding of an organisation (spec §1, §3, §9): logo 386x74, login logo
 * 450x150 and icon (favicon) 16x16, checked to the pixel; PNG, JPEG, WebP, GIF or SVG of at
 * most 2 MB. Files live in the storage service under organizations/<id>/, named by their
 * content hash, so every replacement gets a new URL and old URLs can be cached for good.
 */
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Organization from '#models/organization'
import { unprocessable } from '#kernel/errors'
import { storage } from '#services/storage'

export const LOGO_KINDS = ['logo', 'loginLogo', 'icon'] as const
export type LogoKind = (typeof LOGO_KINDS)[number]

export const LOGO_MAX_BYTES = 2 * 1024 * 1024

export const LOGO_SIZES: Record<LogoKind, { width: number; height: number }> = {
  logo: { width: 386, height: 74 },
  loginLogo: { width: 450, height: 150 },
  icon: { width: 16, height: 16 },
}

/** Organisation column holding each kind's storage key. */
export const LOGO_COLUMNS = {
  logo: 'logoPath',
  loginLogo: 'loginLogoPath',
  icon: 'iconPath',
} as const satisfies Record<LogoKind, keyof Organization>

/** Image formats accepted, by sharp's format name → extension and content type. */
const FORMATS: Record<string, { extension: string; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  svg: { extension: 'svg', contentType: 'image/svg+xml' },
}

export const contentTypeOf = (key: string) =>
  Object.values(FORMATS).find((format) => key.endsWith(`.${format.extension}`))?.contentType ??
  'application/octet-stream'

const invalidFile = (rule: string) => unprocessable('upload.invalid_file', { fields: [{ field: 'file', rule }] })

/**
 * Checks an uploaded image: size, a format sharp can read among the accepted ones, and the
 * exact dimensions of the kind. `kindLabel` is the translated name used in the message.
 */
export async function inspectLogo(contents: Buffer, kind: LogoKind, kindLabel: string) {
  if (contents.length > LOGO_MAX_BYTES)
    throw unprocessable('branding.too_large', { fields: [{ field: 'file', rule: 'size' }], max: '2 MB' })
  if (contents.length === 0) throw invalidFile('type')
  const { default: sharp } = await import('sharp')
  let metadata: { format?: string; width?: number; height?: number }
  try {
    metadata = await sharp(contents, { limitInputPixels: 50_000_000 }).metadata()
  } catch {
    throw invalidFile('type')
  }
  const format = metadata.format ? FORMATS[metadata.format] : undefined
  if (!format) throw invalidFile('type')
  const expected = LOGO_SIZES[kind]
  if (metadata.width !== expected.width || metadata.height !== expected.height) {
    throw unprocessable('branding.wrong_size', {
      fields: [{ field: 'file', rule: 'dimensions' }],
      kind: kindLabel,
      width: expected.width,
      height: expected.height,
      actualWidth: metadata.width ?? null,
      actualHeight: metadata.height ?? null,
    })
  }
  return format
}

/** Writes the file to storage and returns its key (organizations/<id>/<kind>-<hash>.<ext>). */
export async function storeLogo(organizationId: number, kind: LogoKind, contents: Buffer, extension: string) {
  const digest = createHash('sha256').update(contents).digest('hex').slice(0, 20)
  const key = `organizations/${organizationId}/${kind.toLowerCase()}-${digest}.${extension}`
  await storage().put(key, contents)
  return key
}

/**
 * Points the organisation at a new file (or none) inside `work` (the DB transaction), then
 * removes the file it no longer uses; when the transaction fails, the new file is removed
 * instead, so storage and database never disagree for long.
 */
export async function replaceLogoFile(
  org: Organization,
  kind: LogoKind,
  newKey: string | null,
  work: (trx: TransactionClientContract) => Promise<void>
) {
  const column = LOGO_COLUMNS[kind]
  const previous = org[column]
  try {
    await db.transaction(async (trx) => {
      org.useTransaction(trx)
      org[column] = newKey
      await org.save()
      await work(trx)
    })
  } catch (error) {
    org[column] = previous
    if (newKey && newKey !== previous) await storage().delete(newKey)
    throw error
  }
  if (previous && previous !== newKey)
    await storage()
      .delete(previous)
      .catch(() => undefined)
}

/** Public base of the API: APP_URL when set, else relative URLs (same origin as the panels). */
export const publicBase = () => (process.env.APP_URL ?? '').replace(/\/+$/, '')

/** The public URL of a kind's file; carries the content hash so a replacement busts caches. */
export function logoUrl(org: { id: number }, kind: LogoKind, key: string | null | undefined): string | null {
  if (!key) return null
  return `${publicBase()}/api/v1/organization/${org.id}/logo/${kind}?v=${logoVersion(key)}`
}

/** The URLs of the three images, null where the organisation has none. */
export function brandingUrls(org: {
  id: number
  logoPath?: string | null
  loginLogoPath?: string | null
  iconPath?: string | null
}) {
  return {
    logoUrl: logoUrl(org, 'logo', org.logoPath),
    loginLogoUrl: logoUrl(org, 'loginLogo', org.loginLogoPath),
    favIconUrl: logoUrl(org, 'icon', org.iconPath),
  }
}

/** The version part of a stored key (for ETag and immutable caching). */
export const logoVersion = (key: string) => /-([0-9a-f]+)\.[a-z]+$/.exec(key)?.[1] ?? '0'
