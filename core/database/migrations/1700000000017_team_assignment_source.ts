import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where a team assignment came from: true when it follows the affiliate's manager field (it
 * leaves with the manager), false when it was made on purpose (the team-members screen, or
 * a team member creating an affiliate), so moving the manager never drops it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('team_member_affiliates', (table) => {
      table.boolean('by_manager').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('team_member_affiliates', (table) => {
      table.dropColumn('by_manager')
    })
  }
}
