import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `panels`: what any plugin may read of core's `users` rows, as a relation a query or a view
 * of its own can join (the affiliates plugin's affiliate_records is built on it). No password,
 * token or secret: only whether the person has set a password (a hash without the
 * UNUSABLE_PASSWORD_PREFIX of models/user.ts). The view refuses writes, which
 * go through the kernel (addPanel, addPanels, updatePanel, updatePanels, setPanelsStatus) so
 * that core's identity rules hold.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE VIEW panels AS
      SELECT id, organization_id, email, name, role, status, phone, skype, locale, country, state, city, address,
             zipcode, created_at, updated_at, last_login_at,
             (password IS NOT NULL AND password NOT LIKE '!unusable:%') AS has_password
      FROM users`)
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION panels_read_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'panels is read-only: write panels through the kernel (addPanel, addPanels, updatePanel, updatePanels, setPanelsStatus)';
      END $$`)
    this.schema.raw(`
      CREATE TRIGGER panels_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON panels
      FOR EACH ROW EXECUTE FUNCTION panels_read_only()`)
  }

  async down() {
    this.schema.raw('DROP VIEW IF EXISTS panels')
    this.schema.raw('DROP FUNCTION IF EXISTS panels_read_only()')
  }
}
