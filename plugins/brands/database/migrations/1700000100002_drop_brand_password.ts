import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A brand no longer stores a login password: an organisation never sets a person's password.
 * A brand's people sign in with panels of their own (brand signup, or an invitation mailed
 * to them, where they choose the password).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('brands', (table) => {
      table.dropColumn('password')
    })
  }

  async down() {
    this.schema.alterTable('brands', (table) => {
      table.string('password').nullable()
    })
  }
}
