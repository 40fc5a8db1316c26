import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * affiliate_records reads the panel side of an affiliate from core's `panels` view, the
 * relation core lends every plugin, instead of core's users table: databases created before
 * get the same view (same columns, same rows) rebuilt on it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE OR REPLACE VIEW affiliate_records AS
      SELECT u.id, u.organization_id, u.email, u.name, u.status, u.phone AS contact, u.skype, u.country, u.state, u.city,
             u.address, u.zipcode, u.locale, u.created_at, GREATEST(u.updated_at, p.updated_at) AS updated_at, u.last_login_at,
             COALESCE(p.tags, '[]'::jsonb) AS tags, p.company_name, p.tax_id, p.manager_id, p.group_id, p.currency,
             p.external_id, p.referred_by, COALESCE(p.email_notification, true) AS email_notification,
             COALESCE(p.negative_carryover, false) AS negative_carryover, p.fee_percent
      FROM panels u LEFT JOIN affiliate_profiles p ON p.user_id = u.id
      WHERE u.role = 'affiliate'`)
  }

  async down() {
    // The view stays on `panels`: the earlier definition named a table the plugin does not own.
  }
}
