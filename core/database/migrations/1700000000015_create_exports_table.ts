import { BaseSchema } from '@adonisjs/lucid/schema'

/** Exports (spec §4 "Export: exporting, exported"): the downloads history and its files. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('exports', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('plugin_id', 64).notNullable()
      table.string('resource', 64).notNullable()
      table.string('status', 16).notNullable() // exporting | exported | failed
      table.jsonb('query').notNullable().defaultTo('{}')
      table.string('file_name', 255).notNullable()
      table.string('storage_key', 255).nullable()
      table.integer('row_count').notNullable().defaultTo(0)
      table.integer('size_bytes').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('finished_at', { useTz: true }).nullable()
      table.index(['organization_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('exports')
  }
}
