/*
 * Who referred whom, as the network sees it (GET /affiliates/referrals): the affiliates
 * that came through a referral with their referrer, in the caller's scope (a team member
 * limited to assigned affiliates sees those only), never another organisation's; an
 * affiliate keeps its own view (/me/referred) and cannot read the network's.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'

const AFFILIATES = '/api/v1/affiliates/affiliates'
const REFERRALS = `${AFFILIATES}/referrals`

test.group('affiliates: referrals', () => {
  test('the network sees who referred whom, filtered by referrer; team scope, roles and tenants hold', async ({
    client,
    assert,
  }) => {
    const { org, token: admin } = await createTenant('admin')
    const create = async (name: string, referredById?: number) => {
      const response = await client
        .post(AFFILIATES)
        .bearerToken(admin)
        .json({ email: `${name.toLowerCase()}-${Math.random()}@referrals.test`, name, referredById })
      response.assertStatus(201)
      return response.body().data.id as number
    }
    const ana = await create('Ana')
    const bia = await create('Bia', ana)
    const caio = await create('Caio', ana)
    const dora = await create('Dora', bia)
    await create('Eli')

    const listed = await client
      .get(REFERRALS)
      .qs({ sort: JSON.stringify(['name', 'ASC']) })
      .bearerToken(admin)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((row: any) => [row.name, row.referredById, row.referredByName]),
      [
        ['Bia', ana, 'Ana'],
        ['Caio', ana, 'Ana'],
        ['Dora', bia, 'Bia'],
      ]
    )
    assert.equal(listed.header('content-range'), 'referrals 0-2/3')
    // Payment details never come with this view.
    assert.isNull(listed.body().data[0].paymentDetails ?? null)
    const byAna = await client
      .get(REFERRALS)
      .qs({ filter: JSON.stringify({ referredBy: [ana] }) })
      .bearerToken(admin)
    assert.sameMembers(
      byAna.body().data.map((row: any) => row.id),
      [bia, caio]
    )

    // A team member limited to its assigned affiliates sees only those.
    const afm = await addUser(org.id, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: org.id, member_id: afm.user.id, affiliate_id: dora })
    assert.deepEqual(
      (await client.get(REFERRALS).bearerToken(afm.token)).body().data.map((row: any) => row.id),
      [dora]
    )
    // A sub-admin sees them all; an affiliate has its own view only.
    const subAdmin = await addUser(org.id, 'sub-admin')
    assert.lengthOf((await client.get(REFERRALS).bearerToken(subAdmin.token)).body().data, 3)
    const affiliate = await addUser(org.id, 'affiliate')
    ;(await client.get(REFERRALS).bearerToken(affiliate.token)).assertStatus(403)

    // Another organisation never sees these.
    const other = await createTenant('admin')
    assert.deepEqual((await client.get(REFERRALS).bearerToken(other.token)).body().data, [])
    // A bad filter is a 422, not a 500.
    ;(
      await client
        .get(REFERRALS)
        .qs({ filter: JSON.stringify({ referredBy: ['x'] }) })
        .bearerToken(admin)
    ).assertStatus(422)
  })
})
