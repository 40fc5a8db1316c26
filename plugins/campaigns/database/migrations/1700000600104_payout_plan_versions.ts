import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What the commission engine needs of a payout plan:
 * - amounts and percentages with up to 4 decimals (a click can pay less than a cent);
 * - the range rules' mode (`marginal`, the default, or `whole`);
 * - a version: every change of a plan (or of its overrides) gets the next number, and the
 *   plan as saved is kept in campaign_payout_versions, so a commission row names the version
 *   it was computed with and it can be read back.
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
const PLAN_AMOUNTS = [...PAYOUT_COLUMNS, 'cumulative_deposit', 'qftd_min_deposit', 'default_payout']

export default class extends BaseSchema {
  async up() {
    for (const column of PLAN_AMOUNTS)
      this.schema.raw(`ALTER TABLE campaign_payouts ALTER COLUMN ${column} TYPE numeric(16, 4)`)
    for (const column of PAYOUT_COLUMNS)
      this.schema.raw(`ALTER TABLE campaign_payout_overrides ALTER COLUMN ${column} TYPE numeric(16, 4)`)
    this.schema.alterTable('campaign_payouts', (table) => {
      table.string('range_rules_mode', 10).notNullable().defaultTo('marginal')
      table.integer('version').notNullable().defaultTo(1)
    })
    this.schema.raw(
      "ALTER TABLE campaign_payouts ADD CONSTRAINT campaign_payouts_range_mode_check CHECK (range_rules_mode IN ('marginal', 'whole'))"
    )
    this.schema.createTable('campaign_payout_versions', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
      table.integer('version').notNullable()
      /** The plan with its overrides as saved (the API's shape, amounts as decimal strings). */
      table.jsonb('plan').notNullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['campaign_id', 'version'])
      table.index(['organization_id'])
    })
    // Plans saved before versions existed are version 1, kept as stored.
    this.schema.raw(`
      INSERT INTO campaign_payout_versions (organization_id, campaign_id, version, plan, created_at)
      SELECT p.organization_id, p.campaign_id, 1,
             to_jsonb(p) || jsonb_build_object('overrides',
               COALESCE((SELECT jsonb_agg(to_jsonb(o) ORDER BY o.id) FROM campaign_payout_overrides o WHERE o.campaign_id = p.campaign_id), '[]'::jsonb)),
             p.updated_at
        FROM campaign_payouts p`)
  }

  async down() {
    this.schema.dropTable('campaign_payout_versions')
    this.schema.raw('ALTER TABLE campaign_payouts DROP CONSTRAINT campaign_payouts_range_mode_check')
    this.schema.alterTable('campaign_payouts', (table) => {
      table.dropColumn('range_rules_mode')
      table.dropColumn('version')
    })
  }
}
