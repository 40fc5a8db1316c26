import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('promo_codes', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('code', 64).notNullable()
      table.decimal('bonus', 14, 2).notNullable().defaultTo(0)
      table.specificType('bonus_currency', 'char(3)').notNullable()
      // Campaigns are another plugin's table: the API checks the id through the kernel lookup.
      table.integer('campaign_id').nullable()
      table.integer('affiliate_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('type', 20).notNullable().defaultTo('generic')
      table.string('origin', 20).notNullable().defaultTo('organic')
      table.timestamp('start_date', { useTz: true }).nullable()
      table.timestamp('end_date', { useTz: true }).nullable()
      table.boolean('enabled').notNullable().defaultTo(true)
      table.string('description', 350).nullable()
      table.string('affiliate_selection', 20).notNullable().defaultTo('all')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'affiliate_id'])
      table.index(['organization_id', 'campaign_id'])
    })
    this.schema.raw('ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_bonus_non_negative CHECK (bonus >= 0)')
    this.schema.raw(
      "ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_type_check CHECK (type IN ('generic', 'exclusive', 'one_time'))"
    )
    this.schema.raw(
      "ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_origin_check CHECK (origin IN ('organic', 'inorganic'))"
    )
    this.schema.raw(
      "ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_selection_check CHECK (affiliate_selection IN ('all', 'include', 'exclude'))"
    )
    this.schema.raw(
      'ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_dates_check CHECK (start_date IS NULL OR end_date IS NULL OR end_date > start_date)'
    )
    // Codes are unique per organisation, case-insensitively, among codes not deleted.
    this.schema.raw(
      'CREATE UNIQUE INDEX promo_codes_org_code_unique ON promo_codes (organization_id, lower(code)) WHERE deleted_at IS NULL'
    )
    this.schema.createTable('promo_code_affiliates', (table) => {
      table.integer('promo_code_id').notNullable().references('id').inTable('promo_codes').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('mode', 10).notNullable()
      table.primary(['promo_code_id', 'affiliate_id'])
      // An affiliate's applicable codes are looked up by affiliate.
      table.index(['organization_id', 'affiliate_id'])
    })
    this.schema.raw(
      "ALTER TABLE promo_code_affiliates ADD CONSTRAINT promo_code_affiliates_mode_check CHECK (mode IN ('include', 'exclude'))"
    )
  }

  async down() {
    this.schema.dropTable('promo_code_affiliates')
    this.schema.dropTable('promo_codes')
  }
}
