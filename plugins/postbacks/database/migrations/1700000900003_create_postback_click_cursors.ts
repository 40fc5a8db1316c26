import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Where each organisation's `click.recorded` webhook feed has read the click log up to (time,
 * then click id): the feed job moves it in the transaction that queues the deliveries.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('postback_click_cursors', (table) => {
      table.integer('organization_id').primary().references('id').inTable('organizations').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.uuid('click_id').notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('postback_click_cursors')
  }
}
