/*
 * White-label branding of an organisation (spec §1, §3, §9): logo 386x74, login logo
 * 450x150 and icon (favicon) 16x16, checked to the pixel; PNG, JPEG, WebP, GIF or SVG of at
 * most 2 MB. Files live in the storage service under organizations/<id>/, named by their
 * content hash, so every replacement gets a new URL and old URLs can be cached for good. The
 * keys are rows of this plugin's table organization_branding (one per organisation).
 */
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { storage, tenantQuery, unprocessable, type BrandingImages } from '@affix/core/kernel'

export const BRANDING_PLUGIN_ID = 'branding'

export const LOGO_KINDS = ['logo', 'loginLogo', 'icon'] as const
export type LogoKind = (typeof LOGO_KINDS)[number]

export const LOGO_MAX_BYTES = 2 * 1024 * 1024

export const LOGO_SIZES: Record<LogoKind, { width: number; height: number }> = {
  logo: { width: 386, height: 74 },
  loginLogo: { width: 450, height: 150 },
  icon: { width: 16, height: 16 },
}

/** The column of organization_branding holding each kind's storage key. */
export const LOGO_COLUMNS = {
  logo: 'logo_path',
  loginLogo: 'login_logo_path',
  icon: 'icon_path',
} as const satisfies Record<LogoKind, string>

export type LogoKeys = Record<LogoKind, string | null>

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

const keysOf = (row: Record<string, string | null> | null | undefined): LogoKeys => ({
  logo: row?.logo_path ?? null,
  loginLogo: row?.login_logo_path ?? null,
  icon: row?.icon_path ?? null,
})

/** The organisation's stored keys (all null when it never uploaded one). */
export async function logoKeys(organizationId: number, client?: TransactionClientContract): Promise<LogoKeys> {
  return keysOf(await tenantQuery(organizationId, client).from('organization_branding').first())
}

/**
 * Points the organisation's `kind` at a new file (or none) inside a transaction that also
 * runs `work` (the timeline entry), then removes the file it no longer uses; when the
 * transaction fails, the new file is removed instead, so storage and database never disagree
 * for long. Answers the keys after the change and the key it replaced.
 */
export async function replaceLogoFile(
  organizationId: number,
  kind: LogoKind,
  newKey: string | null,
  work: (trx: TransactionClientContract, previous: string | null) => Promise<void>
): Promise<{ keys: LogoKeys; previous: string | null }> {
  let previous: string | null = null
  let keys: LogoKeys
  try {
    keys = await db.transaction(async (trx) => {
      await trx.rawQuery(
        'INSERT INTO organization_branding (organization_id) VALUES (?) ON CONFLICT (organization_id) DO NOTHING',
        [organizationId]
      )
      const current = keysOf(await tenantQuery(organizationId, trx).from('organization_branding').forUpdate().first())
      previous = current[kind]
      if (previous === newKey) return current
      await tenantQuery(organizationId, trx)
        .from('organization_branding')
        .update({ [LOGO_COLUMNS[kind]]: newKey, updated_at: new Date() })
      await work(trx, previous)
      return { ...current, [kind]: newKey }
    })
  } catch (error) {
    if (newKey && newKey !== previous) await storage().delete(newKey)
    throw error
  }
  if (previous && previous !== newKey)
    await storage()
      .delete(previous)
      .catch(() => undefined)
  return { keys, previous }
}

/** Public base of the API: APP_URL when set, else relative URLs (same origin as the panels). */
export const publicBase = () => (process.env.APP_URL ?? '').replace(/\/+$/, '')

/** The version part of a stored key (for ETag and immutable caching). */
export const logoVersion = (key: string) => /-([0-9a-f]+)\.[a-z]+$/.exec(key)?.[1] ?? '0'

/** The public URL of a kind's file; carries the content hash so a replacement busts caches. */
export function logoUrl(organizationId: number, kind: LogoKind, key: string | null | undefined): string | null {
  if (!key) return null
  return `${publicBase()}/api/v1/${BRANDING_PLUGIN_ID}/public/${organizationId}/${kind}?v=${logoVersion(key)}`
}

/** The URLs of the three images, null where the organisation has none. */
export function brandingUrls(organizationId: number, keys: LogoKeys): BrandingImages {
  return {
    logoUrl: logoUrl(organizationId, 'logo', keys.logo),
    loginLogoUrl: logoUrl(organizationId, 'loginLogo', keys.loginLogo),
    favIconUrl: logoUrl(organizationId, 'icon', keys.icon),
  }
}

/** The manifest's `brandingImages`: what core shows in the organisation, account and login meta. */
export async function organizationImages(organizationId: number): Promise<BrandingImages> {
  return brandingUrls(organizationId, await logoKeys(organizationId))
}
