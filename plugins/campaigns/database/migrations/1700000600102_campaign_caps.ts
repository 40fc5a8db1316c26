import { BaseSchema } from '@adonisjs/lucid/schema'

/** Caps (spec §3 Cap): limits per period on a variable, and what happens once one is reached. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaign_caps', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.string('variable', 20).notNullable()
      table.string('type', 20).notNullable()
      table.string('visibility', 10).notNullable()
      table.string('action', 20).notNullable()
      table.integer('hourly').nullable()
      table.integer('daily').nullable()
      table.integer('fifteen_days').nullable()
      table.integer('monthly').nullable()
      table.integer('lifetime').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['campaign_id'])
    })
    this.schema.raw(
      "ALTER TABLE campaign_caps ADD CONSTRAINT campaign_caps_type_check CHECK (type IN ('combined', 'each_affiliate') AND visibility IN ('public', 'private') AND action IN ('reject_activity', 'pause_campaign', 'disable_campaign'))"
    )
    this.schema.raw(
      'ALTER TABLE campaign_caps ADD CONSTRAINT campaign_caps_limit_check CHECK (COALESCE(hourly, daily, fifteen_days, monthly, lifetime) IS NOT NULL)'
    )
  }

  async down() {
    this.schema.dropTable('campaign_caps')
  }
}
