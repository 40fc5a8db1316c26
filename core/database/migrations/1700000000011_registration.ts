import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Registration: single-use, expiring verification links (account activation after an
 * organisation registers, or e-mail verification of a signed-in panel; only their SHA-256 is
 * stored), each organisation's signup form (auto approve + custom fields) and the answers a
 * person gave when signing up.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('verification_tokens', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('purpose', 16).notNullable() // account | email
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'purpose'])
    })
    this.schema.raw(
      "ALTER TABLE verification_tokens ADD CONSTRAINT verification_tokens_purpose_check CHECK (purpose IN ('account', 'email'))"
    )
    this.schema.alterTable('organizations', (table) => {
      table
        .jsonb('signup_settings')
        .notNullable()
        .defaultTo(JSON.stringify({ autoApprove: false, fields: [] }))
    })
    this.schema.alterTable('users', (table) => {
      table.jsonb('signup_details').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('signup_details')
    })
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('signup_settings')
    })
    this.schema.dropTable('verification_tokens')
  }
}
