import { BaseSchema } from '@adonisjs/lucid/schema'

/** Who changed what in an organisation's settings, and when (the organisation timeline). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('organization_timeline', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('action', 64).notNullable()
      table.jsonb('changes').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('organization_timeline')
  }
}
