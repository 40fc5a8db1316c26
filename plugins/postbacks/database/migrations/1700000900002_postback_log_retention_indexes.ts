import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The daily cleanup reads old attempts by time and old finished deliveries by their last
 * change; and a new postback follows the organisation's customer-ID masking unless it asks
 * to mask always (docs/postbacks.md), so the flag no longer defaults to on.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE INDEX postback_attempts_created_at ON postback_attempts (created_at)')
    this.schema.raw(
      `CREATE INDEX postback_deliveries_finished ON postback_deliveries (updated_at) WHERE status IN ('delivered', 'dead')`
    )
    this.schema.alterTable('postbacks', (table) => {
      table.boolean('mask_customer_id').notNullable().defaultTo(false).alter()
    })
  }

  async down() {
    this.schema.raw('DROP INDEX postback_deliveries_finished')
    this.schema.raw('DROP INDEX postback_attempts_created_at')
    this.schema.alterTable('postbacks', (table) => {
      table.boolean('mask_customer_id').notNullable().defaultTo(true).alter()
    })
  }
}
