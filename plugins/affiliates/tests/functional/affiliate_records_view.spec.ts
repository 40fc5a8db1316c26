/*
 * affiliate_records (an affiliate = a panel + its profile) reads the panel from core's
 * `panels` view, never core's users table, on new databases and on databases whose view was
 * made on users before.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { addUser, createTenant } from '@affix/core/testing'

/** The relations a view reads. */
async function relationsOf(view: string) {
  const rows = await db
    .from('information_schema.view_table_usage')
    .where('view_name', view)
    .orderBy('table_name')
    .select('table_name')
  return rows.map((row) => row.table_name as string)
}

const recordsOf = (organizationId: number) =>
  db.from('affiliate_records').where('organization_id', organizationId).orderBy('id')

test.group('affiliate_records on core’s panels view', () => {
  test('the view reads panels and the plugin’s profiles only', async ({ assert }) => {
    assert.deepEqual(await relationsOf('affiliate_records'), ['affiliate_profiles', 'panels'])
    assert.deepEqual(await relationsOf('panels'), ['users'])
  })

  test('a database whose view read users gets it rebuilt on panels, with the same rows', async ({ assert }) => {
    const { org } = await createTenant('admin')
    const { user } = await addUser(org.id, 'affiliate')
    await db.table('affiliate_profiles').insert({ user_id: user.id, organization_id: org.id, company_name: 'Acme' })
    const migration = await db
      .from('adonis_schema')
      .whereLike('name', '%1700000200004_affiliate_records_on_panels')
      .first()
    assert.exists(migration, 'the migration ran on the test database')
    // The state before it: the view made by the first migration of the plugin, on users.
    await db.rawQuery(`
      CREATE OR REPLACE VIEW affiliate_records AS
      SELECT u.id, u.organization_id, u.email, u.name, u.status, u.phone AS contact, u.skype, u.country, u.state, u.city,
             u.address, u.zipcode, u.locale, u.created_at, GREATEST(u.updated_at, p.updated_at) AS updated_at, u.last_login_at,
             COALESCE(p.tags, '[]'::jsonb) AS tags, p.company_name, p.tax_id, p.manager_id, p.group_id, p.currency,
             p.external_id, p.referred_by, COALESCE(p.email_notification, true) AS email_notification,
             COALESCE(p.negative_carryover, false) AS negative_carryover, p.fee_percent
      FROM users u LEFT JOIN affiliate_profiles p ON p.user_id = u.id
      WHERE u.role = 'affiliate'`)
    await db.from('adonis_schema').where('id', migration.id).delete()
    assert.deepEqual(await relationsOf('affiliate_records'), ['affiliate_profiles', 'users'])
    const before = await recordsOf(org.id)

    const runner = new MigrationRunner(db, app, { direction: 'up' })
    // Not closed afterwards: close() ends the connection the rest of the suite shares.
    await runner.run()
    assert.isNull(runner.error)
    assert.deepEqual(
      Object.values(runner.migratedFiles).map((file) => [file.file.name, file.status]),
      [[migration.name, 'completed']]
    )
    assert.deepEqual(await relationsOf('affiliate_records'), ['affiliate_profiles', 'panels'])
    const after = await recordsOf(org.id)
    assert.deepEqual(after, before)
    assert.include(after[0], { id: user.id, email: user.email, company_name: 'Acme' })
  })
})
