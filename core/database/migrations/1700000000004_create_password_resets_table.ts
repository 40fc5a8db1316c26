import { BaseSchema } from '@adonisjs/lucid/schema'

/** Single-use, expiring password reset codes; only their SHA-256 is stored. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('password_resets', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('code_hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('password_resets')
  }
}
