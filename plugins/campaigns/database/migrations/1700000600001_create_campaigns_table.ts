import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Campaigns (spec §3): the offer an affiliate promotes for a brand. Payout plans, caps,
 * targeting, access requests and links come in their own tables.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaigns', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('brand_id').notNullable().references('id').inTable('brands').onDelete('RESTRICT')
      table.string('title', 350).notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('visibility', 10).notNullable().defaultTo('public')
      table.string('default_url', 2048).notNullable()
      table.string('preview_url', 2048).nullable()
      table.string('fallback_url', 2048).nullable()
      table.string('app_link', 2048).nullable()
      table.text('description').nullable()
      table.string('commission_variable', 20).notNullable().defaultTo('ftd')
      table.string('currency', 3).notNullable()
      table.jsonb('coverage_countries').notNullable().defaultTo('[]')
      table.jsonb('product_ids').notNullable().defaultTo('[]')
      table.string('external_id', 100).nullable()
      table.boolean('is_dynamic').notNullable().defaultTo(false)
      table.boolean('is_persistent').notNullable().defaultTo(false)
      table.integer('attribution_window_days').notNullable().defaultTo(30)
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.boolean('featured').notNullable().defaultTo(false)
      table.boolean('short_link_default').notNullable().defaultTo(false)
      table.boolean('override_customer_country').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.index(['organization_id', 'status'])
      table.index(['organization_id', 'brand_id'])
    })
    this.schema.raw(
      "ALTER TABLE campaigns ADD CONSTRAINT campaigns_status_check CHECK (status IN ('active', 'paused', 'disabled', 'suspended'))"
    )
    this.schema.raw(
      "ALTER TABLE campaigns ADD CONSTRAINT campaigns_visibility_check CHECK (visibility IN ('public', 'private'))"
    )
    this.schema.raw(
      'ALTER TABLE campaigns ADD CONSTRAINT campaigns_window_check CHECK (attribution_window_days BETWEEN 1 AND 365)'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX campaigns_external_id_unique ON campaigns (organization_id, lower(external_id)) WHERE external_id IS NOT NULL AND deleted_at IS NULL'
    )
  }

  async down() {
    this.schema.dropTable('campaigns')
  }
}
