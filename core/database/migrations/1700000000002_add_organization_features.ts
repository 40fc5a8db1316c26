import { BaseSchema } from '@adonisjs/lucid/schema'

/** Organisation attributes of spec §3 that drive permissions and the panels. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organizations', (table) => {
      table.boolean('network').notNullable().defaultTo(false)
      // Feature flags (nd, ehi, an_cr, an_cl, edl, drr_admin, drr_aff, dra_aff, dir) → true.
      table.jsonb('features').notNullable().defaultTo('{}')
      table.boolean('reports_install').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('network')
      table.dropColumn('features')
      table.dropColumn('reports_install')
    })
  }
}
