/*
 * The branding images of an organisation (logo 386x74, login logo 450x150, icon 16x16) as core
 * shows them: in the organisation and account payloads and in the login pages' meta
 * (GET /api/v1/auth/meta). Core stores no image: a plugin (the `branding` plugin) answers
 * their URLs with its manifest's `brandingImages`, asked only while it is enabled for the
 * organisation. With none enabled, or when it fails, every URL is null and the pages show the
 * platform's default look: a login page never errors because of its logo.
 */
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { defineSchema } from './openapi.js'
import * as schemas from './schemas.js'
import { installedPlugins } from './installed_plugins.js'
import { pluginEnabledFor } from './public_routes.js'

/** Public URLs of an organisation's images; null where there is none. */
export interface BrandingImages {
  logoUrl: string | null
  loginLogoUrl: string | null
  favIconUrl: string | null
}

/** A provider (manifest `brandingImages`): the organisation's image URLs, or null for none. */
export type BrandingImagesProvider = (organizationId: number) => Promise<Partial<BrandingImages> | null>

export const NO_BRANDING_IMAGES: Readonly<BrandingImages> = Object.freeze({
  logoUrl: null,
  loginLogoUrl: null,
  favIconUrl: null,
})

const imageUrl = (what: string) => ({
  ...schemas.nullableString,
  description: `${what}; null when none was uploaded (or the branding plugin is off). Versioned (?v=…): a new upload gives a new URL.`,
})

/** The three URLs, as the organisation, the account, the login meta and the branding plugin answer them. */
export const BrandingImagesSchema = defineSchema('Branding', {
  type: 'object',
  required: ['logoUrl', 'loginLogoUrl', 'favIconUrl'],
  properties: {
    logoUrl: imageUrl('Logo, 386x74'),
    loginLogoUrl: imageUrl('Login logo, 450x150'),
    favIconUrl: imageUrl('Icon (favicon), 16x16'),
  },
})

/**
 * The organisation's image URLs from the enabled provider; all null without one (or when it
 * fails). `enabledPlugins`, when the caller has them at hand (the account payload), saves
 * looking the organisation's plugins up again.
 */
export async function brandingImagesOf(
  organizationId: number,
  enabledPlugins?: ReadonlySet<string>
): Promise<BrandingImages> {
  for (const plugin of installedPlugins().ordered) {
    if (!plugin.brandingImages) continue
    try {
      const enabled = enabledPlugins ? enabledPlugins.has(plugin.id) : await pluginEnabledFor(organizationId, plugin.id)
      if (!enabled) continue
      const images = await plugin.brandingImages(organizationId)
      if (images) return { ...NO_BRANDING_IMAGES, ...images }
    } catch (error) {
      // The default look rather than an error page: logged, never thrown.
      logger.error({ err: error, organizationId, plugin: plugin.id }, 'branding images: the provider failed')
    }
  }
  return { ...NO_BRANDING_IMAGES }
}

/** The legacy image columns of `organizations`, before a plugin took them over. */
const LEGACY_COLUMNS = ['logo_path', 'login_logo_path', 'icon_path'] as const

export interface LegacyOrganizationImages {
  organizationId: number
  logoPath: string | null
  loginLogoPath: string | null
  iconPath: string | null
}

async function hasLegacyColumns(client: QueryClientContract) {
  const { rows } = await client.rawQuery(
    `SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'organizations' AND column_name = ANY(?)`,
    [[...LEGACY_COLUMNS]]
  )
  return rows[0].n === LEGACY_COLUMNS.length
}

/**
 * For the branding plugin's migration only: the storage keys organisations had in the image
 * columns core carried before the plugin existed, handed over once. The columns are cleared
 * in `client` (the migration's transaction), so the keys live in one place only, and core's
 * later migration (database/migrations_after_plugins) drops the columns once they are empty.
 * [] where the columns are gone.
 */
export async function takeLegacyOrganizationImages(client: QueryClientContract): Promise<LegacyOrganizationImages[]> {
  if (!(await hasLegacyColumns(client))) return []
  // tenancy: a one-off hand-over across every organisation (a migration, no request).
  const { rows } = await client.rawQuery(
    `UPDATE organizations o SET logo_path = NULL, login_logo_path = NULL, icon_path = NULL
       FROM (SELECT id, logo_path, login_logo_path, icon_path FROM organizations
              WHERE logo_path IS NOT NULL OR login_logo_path IS NOT NULL OR icon_path IS NOT NULL
              ORDER BY id FOR UPDATE) old
      WHERE o.id = old.id
      RETURNING old.id, old.logo_path, old.login_logo_path, old.icon_path`
  )
  return rows
    .map((row: Record<string, any>) => ({
      organizationId: Number(row.id),
      logoPath: row.logo_path,
      loginLogoPath: row.login_logo_path,
      iconPath: row.icon_path,
    }))
    .sort((a: LegacyOrganizationImages, b: LegacyOrganizationImages) => a.organizationId - b.organizationId)
}

/** Core's own check before dropping the legacy columns: true when they exist and still hold a key. */
export async function legacyOrganizationImagesLeft(client: QueryClientContract): Promise<boolean> {
  if (!(await hasLegacyColumns(client))) return false
  // tenancy: a one-off check across every organisation (a migration, no request).
  const { rows } = await client.rawQuery(
    `SELECT EXISTS (SELECT 1 FROM organizations
       WHERE logo_path IS NOT NULL OR login_logo_path IS NOT NULL OR icon_path IS NOT NULL) AS left`
  )
  return Boolean(rows[0].left)
}
