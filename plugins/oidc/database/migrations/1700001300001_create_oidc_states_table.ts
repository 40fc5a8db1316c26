import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Pending OpenID Connect sign-ins: what the browser's round trip to the provider must bring
 * back. Keyed by the SHA-256 of `state`; single use; 10 minutes. The nonce and the PKCE
 * verifier are stored encrypted with the app key.
 */
export default class extends BaseSchema {
  async up() {
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
