import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_keys', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      // The key acts as this user, narrowed to its scopes.
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('secret_hash', 64).notNullable()
      table.string('hint', 8).notNullable()
      table.jsonb('scopes').notNullable()
      table.jsonb('allowed_ips').notNullable().defaultTo('[]')
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id'])
    })
    this.schema.createTable('api_logs', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('api_key_id').notNullable().references('id').inTable('api_keys').onDelete('CASCADE')
      table.string('method', 8).notNullable()
      table.string('path', 2048).notNullable()
      table.integer('status').notNullable()
      table.integer('latency_ms').notNullable()
      table.string('ip', 64).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'created_at'])
      table.index(['api_key_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('api_logs')
    this.schema.dropTable('api_keys')
  }
}
