import { BaseSchema } from '@adonisjs/lucid/schema'

/** Spec §3 campaign groups: the affiliate groups a campaign is for, one of them primary. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaign_groups', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      // The affiliates plugin (a dependency) owns the groups.
      table.integer('group_id').notNullable().references('id').inTable('affiliate_groups').onDelete('CASCADE')
      table.boolean('is_primary').notNullable().defaultTo(false)
      table.primary(['campaign_id', 'group_id'])
      table.index(['group_id'])
    })
    this.schema.raw('CREATE UNIQUE INDEX campaign_groups_one_primary ON campaign_groups (campaign_id) WHERE is_primary')
  }

  async down() {
    this.schema.dropTable('campaign_groups')
  }
}
