import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A person (an e-mail address) may hold panels in several organisations: each users row is
 * one panel (organisation + role), so the address is unique per organisation, not globally.
 * The password is the person's: it is kept equal on every panel of the address.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('DROP INDEX IF EXISTS users_email_unique')
    this.schema.raw('CREATE UNIQUE INDEX users_org_email_unique ON users (organization_id, lower(email))')
    this.schema.raw('CREATE INDEX users_email_lookup ON users (lower(email))')
    this.schema.alterTable('users', (table) => {
      table.boolean('owner').notNullable().defaultTo(false)
      table.string('phone', 32).nullable()
      table.string('skype', 350).nullable()
      table.string('city', 350).nullable()
      table.string('address', 350).nullable()
      table.string('state', 350).nullable()
      table.string('zipcode', 32).nullable()
      table.string('country', 2).nullable()
      table.timestamp('email_verified_at', { useTz: true }).nullable()
      table.timestamp('last_login_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumns(
        'owner',
        'phone',
        'skype',
        'city',
        'address',
        'state',
        'zipcode',
        'country',
        'email_verified_at',
        'last_login_at'
      )
    })
    this.schema.raw('DROP INDEX IF EXISTS users_email_lookup')
    this.schema.raw('DROP INDEX IF EXISTS users_org_email_unique')
    // Global uniqueness cannot come back once a person holds panels in two organisations.
    this.schema.raw('CREATE INDEX users_email_unique ON users (lower(email))')
  }
}
