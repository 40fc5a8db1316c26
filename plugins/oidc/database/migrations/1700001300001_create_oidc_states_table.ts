import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Pending OpenID Connect sign-ins: what the browser's round trip to the provider must bring
 * back. Keyed by the SHA-256 of `state`; single use; 10 minutes. The nonce and the PKCE
 * verifier are stored encrypted with the app key.
 *
 * Databases created while OIDC sign-in was part of core already have the table (core's
 * migration 1700000000012, now empty, made it with this very shape): there it is kept as it is.
 */
export default class extends BaseSchema {
  async up() {
    // Asked of the connection, not through this.schema, so the check is not queued with the DDL.
    if (await this.db.schema.hasTable('oidc_states')) return
    this.schema.createTable('oidc_states', (table) => {
      table.increments('id')
      table.string('state_hash', 64).notNullable().unique()
      table.text('nonce').notNullable()
      table.text('code_verifier').notNullable()
      table.string('redirect_uri', 2048).notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['expires_at'])
    })
  }

  async down() {
    this.schema.dropTable('oidc_states')
  }
}
