import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('deep_links', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('url', 2048).notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      // Campaigns are another plugin's table: the API checks the id through the kernel lookup.
      table.integer('campaign_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'campaign_id'])
    })
    this.schema.raw(
      "ALTER TABLE deep_links ADD CONSTRAINT deep_links_status_check CHECK (status IN ('active', 'inactive'))"
    )
  }

  async down() {
    this.schema.dropTable('deep_links')
  }
}
