import { BaseSchema } from '@adonisjs/lucid/schema'

/** Billing state that drives the session rules of spec §4 and §8. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organizations', (table) => {
      table.string('billing_state', 20).notNullable().defaultTo('active') // active | invoice_due | trial_end
      table.boolean('panel_locked').notNullable().defaultTo(false)
      table.boolean('onboarding_pending').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('billing_state')
      table.dropColumn('panel_locked')
      table.dropColumn('onboarding_pending')
    })
  }
}
