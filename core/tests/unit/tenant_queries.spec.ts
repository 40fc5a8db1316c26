/*
 * Tenancy by construction (tests/helpers/tenant_queries.ts): every statement of server code
 * that queries a tenant table names its organisation, goes through the kernel's tenant query
 * (`tenantQuery`, `scoped`, `scopedTo`, `findScoped`), or says why not (`// tenancy: …`).
 */
import { test } from '@japa/runner'
import { resolve } from 'node:path'
import { serverSources, type OwnedSource } from '#tests/helpers/table_ownership'
import { findUnscopedTenantQueries, tenantTables } from '#tests/helpers/tenant_queries'

const REPO_ROOT = resolve(import.meta.dirname, '../../..')

const planted = (path: string, text: string): OwnedSource => ({ owner: 'fraud', path, text, migration: false })

test.group('tenant queries', () => {
  test('tenant tables and views are the ones with organization_id, from the migrations', ({ assert }) => {
    const tables = tenantTables(serverSources(REPO_ROOT))
    for (const table of [
      'users',
      'panels',
      'affiliate_records',
      'brands',
      'campaign_caps',
      'customers',
      'payouts_rows',
      'postbacks',
    ])
      assert.isTrue(tables.has(table), `${table} is a tenant table`)
    assert.isFalse(tables.has('organizations'))
  })

  test('every query of a tenant table in server code names its organisation or says why not', ({ assert }) => {
    assert.deepEqual(findUnscopedTenantQueries(serverSources(REPO_ROOT)), [])
  })

  test('the check catches planted unscoped queries and accepts the scoped forms', ({ assert }) => {
    const sources = [
      ...serverSources(REPO_ROOT),
      planted(
        'plugins/fraud/src/planted.ts',
        [
          "const a = await db.from('brands').where('id', 1)",
          "await trx.insertQuery().table('campaign_caps').insert({ campaign_id: 1 })",
          'await db.rawQuery(`UPDATE customers SET status = ? WHERE id = ?`, [1, 2])',
          "const b = await Campaign.query().where('id', 1)",
          "const c = await tenantQuery(ctx).from('brands').where('id', 1)",
          "const d = await db.from('brands').where({ id: 1, organization_id: 2 })",
          '// tenancy: the campaign was read with its organisation above',
          "const e = await db.from('campaign_caps').where('campaign_id', 1)",
          "const f = await scoped(ctx, Campaign).where('id', 1)",
          "const g = await db.from('fx_rates_unknown_table').where('id', 1)",
        ].join('\n')
      ),
      {
        owner: 'campaigns',
        path: 'plugins/campaigns/src/models/campaign.ts',
        text: "export default class Campaign extends BaseModel {\n  static table = 'campaigns'\n}",
        migration: false,
      },
    ]
    const found = findUnscopedTenantQueries(sources).filter((problem) => problem.includes('planted'))
    assert.sameMembers(found, [
      'plugins/fraud/src/planted.ts:1: brands without organization_id',
      'plugins/fraud/src/planted.ts:2: campaign_caps without organization_id',
      'plugins/fraud/src/planted.ts:3: customers without organization_id',
      'plugins/fraud/src/planted.ts:4: Campaign without organization_id',
    ])
  })
})
