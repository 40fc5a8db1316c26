import { BaseSchema } from '@adonisjs/lucid/schema'
import { takeLegacyOrganizationImages } from '@affix/core/kernel'

/**
 * The storage keys of each organisation's logo (386x74), login logo (450x150) and icon
 * (16x16); never URLs. One row per organisation that uploaded one.
 *
 * Databases from before this plugin kept the keys in organizations.logo_path,
 * login_logo_path and icon_path: the kernel hands them over here (and empties them) in this
 * migration's transaction, so every logo survives the move; core's migration
 * 1700000000021 (database/migrations_after_plugins, run after every plugin's) then drops
 * those columns.
 */
export default class extends BaseSchema {
  async up() {
    // Asked of the connection now, not queued with the DDL; undone with it if anything fails.
    const legacy = await takeLegacyOrganizationImages(this.db)
    this.schema.createTable('organization_branding', (table) => {
      table
        .integer('organization_id')
        .primary()
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('logo_path', 255).nullable()
      table.string('login_logo_path', 255).nullable()
      table.string('icon_path', 255).nullable()
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    if (legacy.length === 0) return
    this.defer(async (db) => {
      await db
        .insertQuery()
        .table('organization_branding')
        .multiInsert(
          legacy.map((row) => ({
            organization_id: row.organizationId,
            logo_path: row.logoPath,
            login_logo_path: row.loginLogoPath,
            icon_path: row.iconPath,
          }))
        )
    })
  }

  async down() {
    this.schema.dropTable('organization_branding')
  }
}
