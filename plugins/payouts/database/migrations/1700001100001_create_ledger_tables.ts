import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The commission ledger (docs/commissions.md "The ledger"): the rows the engine wants,
 * recorded once by key; periods and their closes; what the engine must remember
 * (qualification dates, carryover balances, fraud snapshots, customers still to compute);
 * referral settings and brand formula versions; an audit of every status change.
 * Money is numeric; periods are `YYYY-MM` or a week's first date `YYYY-MM-DD`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payouts_ledger_states', (table) => {
      table.integer('organization_id').primary().references('id').inTable('organizations').onDelete('CASCADE')
      /** Fixed when the first row is written: switching monthly/weekly later would re-cut closed periods. */
      table.string('period_kind', 10).notNullable()
      table.smallint('week_start').notNullable()
      table.string('first_period', 10).nullable()
      table.string('last_closed', 10).nullable()
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })

    this.schema.createTable('payouts_periods', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('period', 10).notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.string('status', 10).notNullable().defaultTo('closed')
      table.timestamp('closed_at', { useTz: true }).notNullable()
      /** Null: the scheduled close. */
      table.integer('closed_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      /** Brand id → formula version the period kept; campaign id → plan version at the close. */
      table.jsonb('formula_versions').notNullable().defaultTo('{}')
      table.jsonb('plan_versions').notNullable().defaultTo('{}')
      /** What the close did (rows recomputed, carryover and referral rows, totals). */
      table.jsonb('summary').notNullable().defaultTo('{}')
      table.unique(['organization_id', 'period'])
    })

    this.schema.createTable('payouts_rows', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      /** The engine's deterministic key: one row per key, ever. */
      table.string('key', 200).notNullable()
      /** Which recomputation owns the row: `c:<customer>`, `t:<affiliate>:<campaign>:<period>`, `d:<date>` (CPC). */
      table.string('scope', 120).nullable()
      table.string('type', 20).notNullable()
      table.string('status', 12).notNullable()
      table.string('deny_reason', 20).nullable()
      table.text('status_note').nullable()
      table.string('period', 10).notNullable()
      table.date('date').notNullable()
      table.integer('affiliate_id').notNullable()
      table.integer('campaign_id').nullable()
      table.integer('brand_id').nullable()
      table.bigInteger('customer_id').nullable()
      table.string('currency', 3).notNullable()
      /** Null while it waits for a rate (pending_fx). */
      table.decimal('amount', 20, 2).nullable()
      table.decimal('final_amount', 20, 2).nullable()
      table.boolean('provisional').notNullable().defaultTo(false)
      /** Corrections and clawbacks: the row they correct (key, type, period). */
      table.jsonb('corrects').nullable()
      table.string('priced_by', 200).nullable()
      table.integer('plan_version').nullable()
      table.integer('formula_version').nullable()
      /** json, not jsonb: kept exactly as written, so a recomputation compares it as text. */
      table.json('explanation').notNullable()
      table.string('payment_reference', 200).nullable()
      table.timestamp('approved_at', { useTz: true }).nullable()
      table.timestamp('paid_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['organization_id', 'key'])
      table.index(['organization_id', 'scope'])
      table.index(['organization_id', 'period', 'affiliate_id'])
      table.index(['organization_id', 'affiliate_id', 'campaign_id', 'period'])
      table.index(['organization_id', 'customer_id'])
      table.index(['organization_id', 'status'])
    })
    this.schema.raw(
      "ALTER TABLE payouts_rows ADD CONSTRAINT payouts_rows_status_check CHECK (status IN ('pending', 'approved', 'paid', 'denied', 'hold', 'pending_fx'))"
    )

    this.schema.createTable('payouts_row_events', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('row_id').notNullable().references('id').inTable('payouts_rows').onDelete('CASCADE')
      table.string('from_status', 12).notNullable()
      table.string('to_status', 12).notNullable()
      table.text('reason').nullable()
      table.string('reference', 200).nullable()
      table.integer('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'row_id'])
    })

    this.schema.createTable('payouts_qualifications', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('customer_id').notNullable()
      /** `cpa` or `cumulativeDeposit`. */
      table.string('kind', 20).notNullable()
      table.date('date').notNullable()
      table.primary(['organization_id', 'customer_id', 'kind'])
    })

    this.schema.createTable('payouts_carry_balances', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      /** The closed period whose carry_out this is. */
      table.string('period', 10).notNullable()
      table.integer('affiliate_id').notNullable()
      table.integer('brand_id').notNullable()
      table.string('currency', 3).notNullable()
      table.decimal('amount', 20, 2).notNullable()
      table.primary(['organization_id', 'period', 'affiliate_id', 'brand_id', 'currency'])
    })

    this.schema.createTable('payouts_fraud_marks', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('customer_id').notNullable()
      table.timestamp('marked_at', { useTz: true }).notNullable()
      /** Row keys that had earned (not denied) at the mark, and `ftd` when its FTD was known. */
      table.jsonb('earned_before').notNullable()
      table.primary(['organization_id', 'customer_id'])
    })

    /** Customers to recompute (a set: an ingest burst is computed once). */
    this.schema.createTable('payouts_dirty_customers', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('customer_id').notNullable()
      table.primary(['organization_id', 'customer_id'])
    })

    /** Which customers have events in which period (what a close recomputes), with their earning affiliates. */
    this.schema.createTable('payouts_customer_periods', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('period', 10).notNullable()
      table.bigInteger('customer_id').notNullable()
      table.specificType('affiliate_ids', 'integer[]').notNullable()
      table.primary(['organization_id', 'period', 'customer_id'])
    })

    /** Customers whose qualification or rows wait for a rate (recomputed when rates arrive). */
    this.schema.createTable('payouts_waiting_rates', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.bigInteger('customer_id').notNullable()
      table.primary(['organization_id', 'customer_id'])
    })

    this.schema.createTable('payouts_referral_settings', (table) => {
      table.integer('organization_id').primary().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('method', 10).notNullable()
      table.decimal('level1', 9, 4).notNullable()
      table.decimal('level2', 9, 4).notNullable()
      table.decimal('level3', 9, 4).notNullable()
      table.boolean('partner_referral').notNullable().defaultTo(false)
      table.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(
      "ALTER TABLE payouts_referral_settings ADD CONSTRAINT payouts_referral_settings_method_check CHECK (method IN ('ngr', 'payout'))"
    )

    this.schema.createTable('payouts_referral_overrides', (table) => {
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable()
      table.decimal('level1', 9, 4).nullable()
      table.decimal('level2', 9, 4).nullable()
      table.decimal('level3', 9, 4).nullable()
      table.primary(['organization_id', 'affiliate_id'])
    })

    /** Brand GGR/NGR formula overrides: every save (and every enable/disable) is a new version. */
    this.schema.createTable('payouts_brand_formulas', (table) => {
      table.bigIncrements('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('brand_id').notNullable()
      table.integer('version').notNullable()
      table.text('ggr').nullable()
      table.text('ngr').nullable()
      table.boolean('enabled').notNullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['organization_id', 'brand_id', 'version'])
    })
  }

  async down() {
    for (const name of [
      'payouts_brand_formulas',
      'payouts_referral_overrides',
      'payouts_referral_settings',
      'payouts_waiting_rates',
      'payouts_customer_periods',
      'payouts_dirty_customers',
      'payouts_fraud_marks',
      'payouts_carry_balances',
      'payouts_qualifications',
      'payouts_row_events',
      'payouts_rows',
      'payouts_periods',
      'payouts_ledger_states',
    ])
      this.schema.dropTable(name)
  }
}
