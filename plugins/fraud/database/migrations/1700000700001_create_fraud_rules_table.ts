import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('fraud_rules', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('name', 350).notNullable()
      table.string('action', 10).notNullable()
      table.string('type', 20).notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      // Scopes: all, or include/exclude the listed ids (one or the other). The click path loads
      // every active rule of an organisation at once, so the ids live on the row.
      table.string('brand_selection', 10).notNullable().defaultTo('all')
      table.jsonb('brand_ids').notNullable().defaultTo('[]')
      table.string('affiliate_selection', 10).notNullable().defaultTo('all')
      table.jsonb('affiliate_ids').notNullable().defaultTo('[]')
      table.string('campaign_selection', 10).notNullable().defaultTo('all')
      table.jsonb('campaign_ids').notNullable().defaultTo('[]')
      // Type-specific settings: blacklist → ips, user_agents; device → devices, os.
      table.jsonb('ips').notNullable().defaultTo('[]')
      table.jsonb('user_agents').notNullable().defaultTo('[]')
      table.jsonb('devices').notNullable().defaultTo('[]')
      table.jsonb('os').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable('fraud_rules')
  }
}
