import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Team members (spec §6): what a sub-admin, AFM or ADM may see in reports — all affiliates
 * or only the assigned ones, chosen campaigns, chosen reports — and which affiliates are
 * assigned to whom. Both users of an assignment belong to the same organisation; the
 * controller enforces it, organization_id lets every query stay tenant-scoped.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table
        .jsonb('report_scope')
        .notNullable()
        .defaultTo(JSON.stringify({ affiliates: 'all', campaigns: null, reports: null }))
    })
    this.schema.createTable('team_member_affiliates', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('member_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['member_id', 'affiliate_id'])
      table.index(['organization_id'])
      table.index(['affiliate_id'])
    })
  }

  async down() {
    this.schema.dropTable('team_member_affiliates')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('report_scope')
    })
  }
}
