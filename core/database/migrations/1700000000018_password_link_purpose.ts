import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A password link is a reset (asked for with "forgot password") or an invitation (mailed when
 * an organisation adds a panel for someone): the same single-use code, another lifetime and
 * mail. Existing codes are resets.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('password_resets', (table) => {
      table.string('purpose', 20).notNullable().defaultTo('reset')
    })
  }

  async down() {
    this.schema.alterTable('password_resets', (table) => {
      table.dropColumn('purpose')
    })
  }
}
