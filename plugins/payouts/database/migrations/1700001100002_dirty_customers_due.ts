import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two speeds for the customers to recompute (docs/commissions.md "How rows appear"): a change
 * that may move a CPA row is due at once; activity that can only move provisional RevShare
 * (and the NGR shares a close reads) is `deferred`, due a few seconds later, so a burst of
 * activity is computed once per customer instead of once per batch.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payouts_dirty_customers', (table) => {
      table.boolean('deferred').notNullable().defaultTo(false)
      table.timestamp('due_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'deferred', 'due_at'], 'payouts_dirty_customers_due')
    })
  }

  async down() {
    this.schema.alterTable('payouts_dirty_customers', (table) => {
      table.dropIndex(['organization_id', 'deferred', 'due_at'], 'payouts_dirty_customers_due')
      table.dropColumn('due_at')
      table.dropColumn('deferred')
    })
  }
}
