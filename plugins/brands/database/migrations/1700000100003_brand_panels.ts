import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Which brand a brand panel works for (spec §3, §6): a brand's people sign in with panels of
 * their own (invited from the brand, or a brand signup the network links), and everything such
 * a panel sees and changes is its brand's. A panel serves one brand; a brand may have several.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('brand_panels', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('brand_id').notNullable().references('id').inTable('brands').onDelete('CASCADE')
      table.integer('user_id').notNullable().primary().references('id').inTable('users').onDelete('CASCADE')
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'brand_id'])
    })
  }

  async down() {
    this.schema.dropTable('brand_panels')
  }
}
