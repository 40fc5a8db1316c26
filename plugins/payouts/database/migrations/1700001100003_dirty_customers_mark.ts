import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A stamp on each waiting customer, raised by every mark: the recomputation reads the waiting
 * customers without locking them and, when it commits, removes only those whose stamp is still
 * the one it read. A mark made meanwhile (new activity the computation may not have seen) keeps
 * its customer waiting; markers no longer wait for a recomputation to finish.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payouts_dirty_customers', (table) => {
      table.bigInteger('mark').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('payouts_dirty_customers', (table) => {
      table.dropColumn('mark')
    })
  }
}
