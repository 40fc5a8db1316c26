import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * This platform as an OAuth 2.0 authorization server (authorization-code grant). Client
 * secrets, codes and access tokens are stored as SHA-256 hashes only.
 *
 * Databases created while OAuth apps were part of core already have these tables (core's
 * migration 1700000000013, now empty, made them with this very shape): there the tables and
 * their rows are kept as they are, and only this migration is recorded.
 */
export default class extends BaseSchema {
  async up() {
    // Asked of the connection, not through this.schema, so the check is not queued with the DDL.
    if (await this.db.schema.hasTable('oauth_apps')) return
    this.schema.createTable('oauth_apps', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      // Who registered the app.
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('client_id', 64).notNullable().unique()
      table.string('client_secret_hash', 64).notNullable()
      table.string('secret_hint', 8).notNullable()
      table.jsonb('redirect_uris').notNullable()
      table.jsonb('scopes').notNullable()
      table.jsonb('allowed_ips').notNullable().defaultTo('[]')
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id'])
    })
    this.schema.createTable('oauth_auth_codes', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('app_id').notNullable().references('id').inTable('oauth_apps').onDelete('CASCADE')
      // The user who consented; tokens act as this user.
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('code_hash', 64).notNullable().unique()
      table.string('redirect_uri', 2048).notNullable()
      table.jsonb('scopes').notNullable()
      table.string('code_challenge', 128).nullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['app_id', 'created_at'])
    })
    this.schema.createTable('oauth_access_tokens', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('app_id').notNullable().references('id').inTable('oauth_apps').onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      // A replayed code revokes what it issued (RFC 6749 §4.1.2).
      table.integer('auth_code_id').notNullable().references('id').inTable('oauth_auth_codes').onDelete('CASCADE')
      table.string('token_hash', 64).notNullable()
      table.jsonb('scopes').notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['app_id'])
      table.index(['auth_code_id'])
    })
  }

  async down() {
    this.schema.dropTable('oauth_access_tokens')
    this.schema.dropTable('oauth_auth_codes')
    this.schema.dropTable('oauth_apps')
  }
}
