import { BaseSchema } from '@adonisjs/lucid/schema'
import logger from '@adonisjs/core/services/logger'
import { legacyOrganizationImagesLeft } from '#kernel/branding_images'

/**
 * The branding images left core for the branding plugin (plugins/branding), whose own table
 * (organization_branding) now holds their storage keys. Its migration took the keys of
 * organizations.logo_path, login_logo_path and icon_path over (and emptied them); this one
 * then drops the columns.
 *
 * Why a folder of its own: Lucid runs core's folder first, then each plugin's (config/database.ts),
 * so a migration in database/migrations would run before the plugin's had copied anything.
 * This folder comes after every plugin's.
 *
 * Safest when the plugin is not installed (its migration did not run): a column that still
 * holds a key is left in place, with a warning, so no logo is lost; installing the plugin
 * later takes the keys over (the columns are then unused, and harmless).
 */
export default class extends BaseSchema {
  async up() {
    // Asked of the connection, not through this.schema, so the check is not queued with the DDL.
    if (await legacyOrganizationImagesLeft(this.db)) {
      logger.warn(
        'organizations.logo_path, login_logo_path and icon_path still hold image keys (is the branding plugin installed?): kept'
      )
      return
    }
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('logo_path')
      table.dropColumn('login_logo_path')
      table.dropColumn('icon_path')
    })
  }

  async down() {
    // The columns come back empty: the keys stay with the branding plugin's table.
    this.schema.raw(
      'ALTER TABLE organizations ADD COLUMN IF NOT EXISTS logo_path varchar(255), ADD COLUMN IF NOT EXISTS login_logo_path varchar(255), ADD COLUMN IF NOT EXISTS icon_path varchar(255)'
    )
  }
}
