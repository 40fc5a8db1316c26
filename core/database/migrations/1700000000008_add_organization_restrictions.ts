import { BaseSchema } from '@adonisjs/lucid/schema'

/** Restrictions a parent organisation places on a child (spec §6). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organizations', (table) => {
      table.jsonb('restrictions').notNullable().defaultTo('{}')
    })
  }

  async down() {
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('restrictions')
    })
  }
}
