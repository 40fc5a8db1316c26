import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Payout plans (spec §3 Payout): one plan per campaign, and payout overrides per affiliate
 * or per affiliate group. Amounts and percentages are numeric (never float); the CPA fields
 * are amounts in the campaign's currency, the CPS (Rev Share) fields percentages.
 * Rules and range rules are small bounded lists (≤ 20, ≤ 10), kept as jsonb of decimal strings.
 */
const PAYOUT_COLUMNS = [
  'cpa_payout',
  'cpa_cd_p',
  'cpa_ftd_p',
  'cpa_reg_p',
  'cpa_d_p',
  'cps_ftd_p',
  'cps_ngr_p',
  'cps_d_p',
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaign_payouts', (table) => {
      table.integer('campaign_id').primary().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('model', 20).notNullable()
      table.string('goal', 20).nullable()
      for (const column of PAYOUT_COLUMNS) table.decimal(column, 14, 2).nullable()
      table.decimal('cumulative_deposit', 14, 2).nullable()
      table.integer('number_of_days').nullable()
      table.decimal('qftd_min_deposit', 14, 2).nullable()
      table.integer('qftd_days').nullable()
      table.decimal('default_payout', 14, 2).nullable()
      table.jsonb('coverage_countries').notNullable().defaultTo('[]')
      table.jsonb('rules').notNullable().defaultTo('[]')
      table.boolean('range_rules_enabled').notNullable().defaultTo(false)
      table.jsonb('range_rules').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id'])
    })
    this.schema.raw(
      "ALTER TABLE campaign_payouts ADD CONSTRAINT campaign_payouts_model_check CHECK (model IN ('cpa', 'cpc', 'cps', 'hybrid', 'cumulative_deposit'))"
    )
    this.schema.createTable('campaign_payout_overrides', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('affiliate_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('group_id').nullable().references('id').inTable('affiliate_groups').onDelete('CASCADE')
      for (const column of PAYOUT_COLUMNS) table.decimal(column, 14, 2).nullable()
      table.index(['campaign_id'])
      table.index(['organization_id', 'affiliate_id'])
    })
    this.schema.raw(
      'ALTER TABLE campaign_payout_overrides ADD CONSTRAINT campaign_payout_overrides_target_check CHECK ((affiliate_id IS NULL) <> (group_id IS NULL))'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX campaign_payout_overrides_affiliate_unique ON campaign_payout_overrides (campaign_id, affiliate_id) WHERE affiliate_id IS NOT NULL'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX campaign_payout_overrides_group_unique ON campaign_payout_overrides (campaign_id, group_id) WHERE group_id IS NOT NULL'
    )
  }

  async down() {
    this.schema.dropTable('campaign_payout_overrides')
    this.schema.dropTable('campaign_payouts')
  }
}
