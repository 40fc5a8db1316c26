import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * White-label branding (spec §3: logo 386x74, login logo 450x150, icon 16x16; the columns
 * hold storage keys, not URLs), the superadmin's verification of an account, and the
 * reports an admin switched off for the whole organisation (spec §6, §8).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organizations', (table) => {
      table.string('logo_path', 255).nullable()
      table.string('login_logo_path', 255).nullable()
      table.string('icon_path', 255).nullable()
      table.timestamp('verified_at', { useTz: true }).nullable()
      // customer | activity | conversion
      table.jsonb('disabled_reports').notNullable().defaultTo('[]')
    })
    this.schema.raw(
      "ALTER TABLE organizations ADD CONSTRAINT organizations_disabled_reports_array CHECK (jsonb_typeof(disabled_reports) = 'array')"
    )
  }

  async down() {
    this.schema.raw('ALTER TABLE organizations DROP CONSTRAINT IF EXISTS organizations_disabled_reports_array')
    this.schema.alterTable('organizations', (table) => {
      table.dropColumns('logo_path', 'login_logo_path', 'icon_path', 'verified_at', 'disabled_reports')
    })
  }
}
