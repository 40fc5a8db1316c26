import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Access to private campaigns (spec §4 "Campaign access"): an affiliate asks with the
 * campaign's questionnaire (pending approval), the network approves or rejects. A private
 * campaign that takes no requests needs the network's permission (granted as an approval).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('campaigns', (table) => {
      table.jsonb('access_questions').notNullable().defaultTo('[]')
      table.boolean('access_by_request').notNullable().defaultTo(true)
    })
    this.schema.createTable('campaign_access', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('status', 20).notNullable()
      table.jsonb('answers').notNullable().defaultTo('[]')
      table.integer('decided_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('decided_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['campaign_id', 'affiliate_id'])
      table.index(['organization_id', 'status'])
    })
    this.schema.raw(
      "ALTER TABLE campaign_access ADD CONSTRAINT campaign_access_status_check CHECK (status IN ('pending', 'approved', 'rejected'))"
    )
  }

  async down() {
    this.schema.dropTable('campaign_access')
    this.schema.alterTable('campaigns', (table) => {
      table.dropColumns('access_questions', 'access_by_request')
    })
  }
}
