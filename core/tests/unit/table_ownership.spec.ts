/*
 * One owner per table: the migration that creates a table makes its owner (core or one
 * plugin), and no other owner's server code names it (tests/helpers/table_ownership.ts says
 * what "naming" covers). Others go through the owner's contracts or a kernel reader.
 */
import { test } from '@japa/runner'
import { resolve } from 'node:path'
import {
  findTableOwnershipViolations,
  pluginDependencies,
  serverSources,
  tableOwners,
  type OwnedSource,
} from '#tests/helpers/table_ownership'

const REPO_ROOT = resolve(import.meta.dirname, '../../..')

/**
 * Known debts, each with its reason. An entry whose violations are gone fails the test: delete
 * it then, so the list only shrinks. None is left: the affiliates plugin reads panels through
 * core's `panels` view and the kernel readers, and writes them through the kernel.
 */
const ACCEPTED: Array<{ owner: string; table: string; reason: string }> = []

const isAccepted = (violation: string) =>
  ACCEPTED.some(
    (entry) =>
      violation.startsWith(`plugins/${entry.owner}/`) && violation.endsWith(`names ${entry.table}, a table of core`)
  )

const planted = (owner: string, path: string, text: string, migration = false): OwnedSource => ({
  owner,
  path,
  text,
  migration,
})

test.group('table ownership', () => {
  test('every table has one owner and no owner names another’s table', ({ assert }) => {
    const violations = findTableOwnershipViolations(serverSources(REPO_ROOT), pluginDependencies(REPO_ROOT))
    assert.deepEqual(
      violations.filter((violation) => !isAccepted(violation)),
      []
    )
    for (const entry of ACCEPTED)
      assert.isTrue(
        violations.some(
          (violation) => violation.startsWith(`plugins/${entry.owner}/`) && violation.includes(`names ${entry.table},`)
        ),
        `${entry.owner} no longer names ${entry.table}: remove its ACCEPTED entry`
      )
  })

  test('owners come from the migrations: core’s identity tables, each plugin’s own', ({ assert }) => {
    const { owners, problems } = tableOwners(serverSources(REPO_ROOT))
    assert.deepEqual(problems, [])
    assert.equal(owners.get('users'), 'core')
    assert.equal(owners.get('organizations'), 'core')
    assert.equal(owners.get('team_member_affiliates'), 'core')
    assert.equal(owners.get('brands'), 'brands')
    assert.equal(owners.get('affiliate_records'), 'affiliates')
    assert.equal(owners.get('tracking_clicks'), 'tracking')
    assert.equal(owners.get('panels'), 'core')
  })

  test('core’s views are kernel readers: anyone reads them, nobody else writes them', ({ assert }) => {
    const sources = [
      ...serverSources(REPO_ROOT),
      planted(
        'fraud',
        'plugins/fraud/src/planted_reader.ts',
        [
          "await db.from('panels').where('organization_id', 1)",
          "await db.from('fraud_rules as f').join('panels as p', 'p.id', 'f.author_id')",
          'await db.rawQuery(`SELECT email FROM panels WHERE organization_id = ?`, [1])',
          "await trx.insertQuery().table('panels').insert({})",
          'await trx.rawQuery(`UPDATE panels SET name = ? WHERE id = ?`, [a, b])',
          'await trx.rawQuery(`INSERT INTO panels (email) VALUES (?)`, [a])',
          "await db.from('affiliate_records').where('organization_id', 1)",
        ].join('\n')
      ),
      planted(
        'fraud',
        'plugins/fraud/src/models/planted_panel.ts',
        "export default class Panel extends BaseModel {\n  static table = 'panels'\n}"
      ),
      planted(
        'fraud',
        'plugins/fraud/database/migrations/9_planted_view.ts',
        'this.schema.raw(`CREATE VIEW fraud_panels AS SELECT p.id FROM panels p JOIN fraud_rules r ON r.id = p.id`)',
        true
      ),
    ]
    const violations = findTableOwnershipViolations(sources, pluginDependencies(REPO_ROOT)).filter((violation) =>
      violation.includes('planted')
    )
    assert.sameMembers(violations, [
      'plugins/fraud/src/planted_reader.ts:4: writes panels, a read-only view of core',
      'plugins/fraud/src/planted_reader.ts:5: writes panels, a read-only view of core',
      'plugins/fraud/src/planted_reader.ts:6: writes panels, a read-only view of core',
      // A plugin's view is its own: others read it through the plugin's contracts.
      'plugins/fraud/src/planted_reader.ts:7: names affiliate_records, a table of affiliates',
      'plugins/fraud/src/models/planted_panel.ts:2: writes panels, a read-only view of core',
    ])
  })

  test('the check catches planted violations in code and in migrations', ({ assert }) => {
    const sources = [
      ...serverSources(REPO_ROOT),
      planted(
        'fraud',
        'plugins/fraud/src/planted.ts',
        [
          "await db.from('brands').where('id', 1)",
          "await db.from('campaigns as c').join('users as u', 'u.id', 'c.author_id')",
          'await db.rawQuery(`SELECT preferences FROM organizations WHERE id = ?`, [1])',
          "await trx.rawQuery('UPDATE team_member_affiliates SET by_manager = true')",
          "await trx.insertQuery().table('affiliate_notes').insert({})",
          "const filter = { kind: 'via', via: { table: 'affiliate_group_members', match: 'group_id' } }",
          "// a comment may say from('brands') freely",
          "await db.from('fraud_rules').where('id', 1)",
        ].join('\n')
      ),
      planted(
        'fraud',
        'plugins/fraud/src/models/planted_model.ts',
        "export default class Sneaky extends BaseModel {\n  static table = 'products'\n}"
      ),
      planted('fraud', 'plugins/fraud/src/models/unnamed.ts', 'export default class Brand extends BaseModel {}'),
      planted(
        'fraud',
        'plugins/fraud/database/migrations/9_planted.ts',
        [
          "this.schema.createTable('campaigns', (table) => {})",
          "this.schema.alterTable('users', (table) => {})",
          "table.integer('brand_id').references('id').inTable('brands')",
          "table.integer('organization_id').references('id').inTable('organizations')",
        ].join('\n'),
        true
      ),
      planted('core', 'core/app/services/planted.ts', "await db.from('media').where('id', 1)"),
    ]
    const violations = findTableOwnershipViolations(sources, pluginDependencies(REPO_ROOT)).filter(
      (violation) => violation.includes('planted') || violation.includes('unnamed')
    )
    assert.sameMembers(violations, [
      'plugins/fraud/src/planted.ts:1: names brands, a table of brands',
      'plugins/fraud/src/planted.ts:2: names campaigns, a table of campaigns',
      'plugins/fraud/src/planted.ts:2: names users, a table of core',
      'plugins/fraud/src/planted.ts:3: names organizations, a table of core',
      'plugins/fraud/src/planted.ts:4: names team_member_affiliates, a table of core',
      'plugins/fraud/src/planted.ts:5: names affiliate_notes, a table of affiliates',
      'plugins/fraud/src/planted.ts:6: names affiliate_group_members, a table of affiliates',
      'plugins/fraud/src/models/planted_model.ts:2: names products, a table of brands',
      "plugins/fraud/src/models/unnamed.ts: a Lucid model must name its table (static table = '…')",
      'plugins/fraud/database/migrations/9_planted.ts:1: campaigns is created by campaigns already',
      'plugins/fraud/database/migrations/9_planted.ts:1: names campaigns, a table of campaigns',
      'plugins/fraud/database/migrations/9_planted.ts:2: names users, a table of core',
      // fraud does not depend on brands: even a foreign key to brands is refused (organizations is core's: allowed).
      'plugins/fraud/database/migrations/9_planted.ts:3: names brands, a table of brands',
      'core/app/services/planted.ts:1: names media, a table of media',
    ])
  })

  test('a foreign key may point at a table of a plugin the owner depends on', ({ assert }) => {
    const sources = [
      ...serverSources(REPO_ROOT),
      planted(
        'campaigns',
        'plugins/campaigns/database/migrations/9_planted.ts',
        "table.integer('brand_id').references('id').inTable('brands')\ntable.integer('x').references('id').inTable('fraud_rules')",
        true
      ),
    ]
    const violations = findTableOwnershipViolations(sources, pluginDependencies(REPO_ROOT)).filter((violation) =>
      violation.includes('planted')
    )
    assert.deepEqual(violations, [
      'plugins/campaigns/database/migrations/9_planted.ts:2: names fraud_rules, a table of fraud',
    ])
  })
})
