import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Affiliates (spec §3). An affiliate is a users row with role 'affiliate' (its id is the
 * affiliate id everywhere); its contact, skype and address live on that row (the panel
 * profile it edits itself). What only affiliates have lives here, one row per affiliate,
 * created on first write: a missing row reads as the defaults. Payment details sit in
 * their own table so that no query of the profile can leak them. The affiliate_records
 * view joins a panel and its profile for lists and exports.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('affiliate_profiles', (table) => {
      table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.jsonb('tags').notNullable().defaultTo('[]')
      table.string('company_name', 350).nullable()
      table.string('tax_id', 64).nullable()
      table.integer('manager_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      // The FK to affiliate_groups is added by the groups migration (1700000200002).
      table.integer('group_id').nullable()
      table.specificType('currency', 'char(3)').nullable()
      table.string('external_id', 64).nullable()
      table.integer('referred_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.boolean('email_notification').notNullable().defaultTo(true)
      table.boolean('negative_carryover').notNullable().defaultTo(false)
      table.decimal('fee_percent', 5, 2).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'manager_id'])
      table.index(['organization_id', 'group_id'])
      table.index(['organization_id', 'referred_by'])
    })
    this.schema.raw(
      'ALTER TABLE affiliate_profiles ADD CONSTRAINT affiliate_profiles_fee_percent_range CHECK (fee_percent IS NULL OR (fee_percent >= 0 AND fee_percent <= 100))'
    )
    this.schema.raw(
      'ALTER TABLE affiliate_profiles ADD CONSTRAINT affiliate_profiles_not_self_referred CHECK (referred_by IS NULL OR referred_by <> user_id)'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX affiliate_profiles_org_external_id_unique ON affiliate_profiles (organization_id, lower(external_id)) WHERE external_id IS NOT NULL'
    )

    this.schema.createTable('affiliate_payment_details', (table) => {
      table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.string('default_method', 16).nullable() // bank | paypal | cpf | crypto | custom
      table.string('bank_name', 350).nullable()
      table.string('account_holder_name', 350).nullable()
      table.string('account_number', 64).nullable()
      table.string('swift_code', 11).nullable()
      table.string('ifsc', 11).nullable()
      table.string('paypal_id', 350).nullable()
      table.string('paypal_email', 254).nullable()
      table.string('cpf', 11).nullable()
      table.string('crypto_network', 64).nullable()
      table.string('crypto_address', 350).nullable()
      table.string('custom_payment_name', 350).nullable()
      table.string('custom_payment_details', 350).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id'])
    })
    this.schema.raw(
      "ALTER TABLE affiliate_payment_details ADD CONSTRAINT affiliate_payment_details_method_check CHECK (default_method IS NULL OR default_method IN ('bank', 'paypal', 'cpf', 'crypto', 'custom'))"
    )

    this.schema.createTable('affiliate_notes', (table) => {
      table.increments('id')
      table.integer('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE')
      table.integer('affiliate_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('author_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.text('body').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['organization_id', 'affiliate_id', 'created_at'])
    })

    // One row per affiliate panel with its profile (defaults when it has none yet), so lists,
    // filters, sorting and exports run on one relation. Payment details are not in it. The
    // panel side comes from core's `panels` view (the plugin never names core's users table);
    // databases whose view read users directly get it rebuilt by 1700000200004.
    this.schema.raw(`
      CREATE VIEW affiliate_records AS
      SELECT u.id, u.organization_id, u.email, u.name, u.status, u.phone AS contact, u.skype, u.country, u.state, u.city,
             u.address, u.zipcode, u.locale, u.created_at, GREATEST(u.updated_at, p.updated_at) AS updated_at, u.last_login_at,
             COALESCE(p.tags, '[]'::jsonb) AS tags, p.company_name, p.tax_id, p.manager_id, p.group_id, p.currency,
             p.external_id, p.referred_by, COALESCE(p.email_notification, true) AS email_notification,
             COALESCE(p.negative_carryover, false) AS negative_carryover, p.fee_percent
      FROM panels u LEFT JOIN affiliate_profiles p ON p.user_id = u.id
      WHERE u.role = 'affiliate'`)
  }

  async down() {
    this.schema.raw('DROP VIEW IF EXISTS affiliate_records')
    this.schema.dropTable('affiliate_notes')
    this.schema.dropTable('affiliate_payment_details')
    this.schema.dropTable('affiliate_profiles')
  }
}
