import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Beside a campaign: its notes, its timeline (who changed what and why, including expiry and
 * cap actions) and the affiliates blocked from it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaign_notes', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('author_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.text('body').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['campaign_id', 'created_at'])
    })
    this.schema.createTable('campaign_timeline', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      // Null: the system (expiry, cap actions).
      table.integer('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('event', 40).notNullable()
      table.jsonb('data').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['campaign_id', 'created_at'])
    })
    this.schema.createTable('campaign_blocked_affiliates', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['campaign_id', 'affiliate_id'])
    })
    // The expiry job looks for active campaigns past their date.
    this.schema.raw(
      "CREATE INDEX campaigns_expiring ON campaigns (expires_at) WHERE status = 'active' AND deleted_at IS NULL AND expires_at IS NOT NULL"
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS campaigns_expiring')
    this.schema.dropTable('campaign_blocked_affiliates')
    this.schema.dropTable('campaign_timeline')
    this.schema.dropTable('campaign_notes')
  }
}
