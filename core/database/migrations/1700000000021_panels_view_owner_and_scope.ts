import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The `panels` view grows two columns a plugin may read: `owner` (the organisation's owner,
 * whom nobody disables, demotes or deletes) and `report_scope` (what a team member sees in
 * reports, spec §6). The team-members plugin lists and shows team members from the view;
 * writes still go through the kernel (panels.ts, team_scope.ts).
 */
const BASE_COLUMNS = `id, organization_id, email, name, role, status, phone, skype, locale, country, state, city, address,
             zipcode, created_at, updated_at, last_login_at,
             (password IS NOT NULL AND password NOT LIKE '!unusable:%') AS has_password`

export default class extends BaseSchema {
  async up() {
    // New columns go last: CREATE OR REPLACE VIEW keeps the existing ones in place.
    this.schema.raw(`CREATE OR REPLACE VIEW panels AS SELECT ${BASE_COLUMNS}, owner, report_scope FROM users`)
  }

  async down() {
    this.schema.raw('DROP VIEW panels')
    this.schema.raw(`CREATE VIEW panels AS SELECT ${BASE_COLUMNS} FROM users`)
    this.schema.raw(`CREATE TRIGGER panels_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON panels
      FOR EACH ROW EXECUTE FUNCTION panels_read_only()`)
  }
}
