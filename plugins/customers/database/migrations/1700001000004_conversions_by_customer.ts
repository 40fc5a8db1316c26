import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Conversion events by customer: the commission ledger reads a customer's cap-denied events on
 * every recomputation, the customer screen lists its events and a reassignment moves them.
 * Without this index each of those scanned the whole table (found by bench:ingest: the
 * ledger's cap-denial read was the database's busiest statement under postback load).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE INDEX IF NOT EXISTS customer_conversions_customer ON customer_conversions (customer_id)')
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS customer_conversions_customer')
  }
}
