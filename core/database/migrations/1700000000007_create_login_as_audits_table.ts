import { BaseSchema } from '@adonisjs/lucid/schema'

/** Every login-as: who acted as whom, in which organisation, from when to when. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('login_as_audits', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('actor_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('target_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('ip', 64).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('ended_at', { useTz: true }).nullable()
      table.index(['organization_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('login_as_audits')
  }
}
