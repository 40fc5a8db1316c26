import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { existingIds, hasLookup } from '@affix/core/kernel'
import { addUser, createTenant, installTestPlugin } from '@affix/core/testing'
import { groupUsage } from '../../src/contracts.js'

const GROUPS = '/api/v1/affiliates/groups'

async function setup() {
  const admin = await createTenant('admin')
  const a1 = await addUser(admin.org.id, 'affiliate')
  const a2 = await addUser(admin.org.id, 'affiliate')
  const a3 = await addUser(admin.org.id, 'affiliate')
  return { admin, a1, a2, a3, orgId: admin.org.id }
}

test.group('affiliate groups', () => {
  test('create, read, update, list and delete a group', async ({ client, assert }) => {
    const { admin, a1, a2, a3 } = await setup()
    const parent = await client
      .post(GROUPS)
      .bearerToken(admin.token)
      .json({ name: ' VIP ', description: 'Top partners', affiliateIds: [a1.user.id] })
    parent.assertStatus(201)
    assert.include(parent.body().data, {
      name: 'VIP',
      description: 'Top partners',
      parentGroupId: null,
      parentGroupName: null,
      affiliateCount: 1,
      inUse: false,
    })
    assert.deepEqual(parent.body().data.affiliateIds, [a1.user.id])

    const child = await client
      .post(GROUPS)
      .bearerToken(admin.token)
      .json({ name: 'VIP Brazil', parentGroupId: parent.body().data.id, affiliateIds: [a3.user.id, a2.user.id] })
    child.assertStatus(201)
    const group = child.body().data
    assert.include(group, { parentGroupId: parent.body().data.id, parentGroupName: 'VIP', affiliateCount: 2 })
    assert.deepEqual(group.affiliateIds, [a2.user.id, a3.user.id])

    const fetched = await client.get(`${GROUPS}/${group.id}`).bearerToken(admin.token)
    fetched.assertStatus(200)
    assert.equal(fetched.body().data.name, 'VIP Brazil')

    const updated = await client
      .patch(`${GROUPS}/${group.id}`)
      .bearerToken(admin.token)
      .json({ affiliateIds: [a1.user.id], parentGroupId: null, description: null })
    updated.assertStatus(200)
    assert.include(updated.body().data, {
      parentGroupId: null,
      description: null,
      affiliateCount: 1,
      name: 'VIP Brazil',
    })
    assert.deepEqual(updated.body().data.affiliateIds, [a1.user.id])
    // react-admin sends the whole record with PUT, read-only fields included.
    const replaced = await client
      .put(`${GROUPS}/${group.id}`)
      .bearerToken(admin.token)
      .json({ ...updated.body().data, name: 'VIP BR' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.name, 'VIP BR')

    const listed = await client.get(`${GROUPS}?sort=name`).bearerToken(admin.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.name),
      ['VIP', 'VIP BR']
    )
    assert.equal(listed.header('content-range'), 'groups 0-1/2')
    const searched = await client.get(`${GROUPS}?q=partners`).bearerToken(admin.token)
    assert.deepEqual(
      searched.body().data.map((row: any) => row.name),
      ['VIP']
    )

    // Deleting a parent leaves its children top-level; members go with the group.
    await client.patch(`${GROUPS}/${group.id}`).bearerToken(admin.token).json({ parentGroupId: parent.body().data.id })
    ;(await client.delete(`${GROUPS}/${parent.body().data.id}`).bearerToken(admin.token)).assertStatus(200)
    ;(await client.get(`${GROUPS}/${parent.body().data.id}`).bearerToken(admin.token)).assertStatus(404)
    assert.isNull((await client.get(`${GROUPS}/${group.id}`).bearerToken(admin.token)).body().data.parentGroupId)
    assert.equal(
      Number((await db.from('affiliate_group_members').where('group_id', parent.body().data.id).count('* as n'))[0].n),
      0
    )

    // An affiliate whose primary group is deleted keeps existing without one (FK SET NULL).
    await db
      .table('affiliate_profiles')
      .insert({ user_id: a1.user.id, organization_id: admin.org.id, group_id: group.id })
    ;(await client.delete(`${GROUPS}/${group.id}`).bearerToken(admin.token)).assertStatus(200)
    assert.isNull((await db.from('affiliate_profiles').where('user_id', a1.user.id).first()).group_id)
    // …and a profile cannot point at a group that does not exist.
    await assert.rejects(() => db.from('affiliate_profiles').where('user_id', a1.user.id).update({ group_id: 999999 }))
  })

  test('rules and messages, in English and Portuguese', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { affiliateIds: [a1.user.id] }, 'name', 'Name is required'],
      ['pt', { affiliateIds: [a1.user.id] }, 'name', 'Nome é obrigatório'],
      ['en', { name: 'x'.repeat(351), affiliateIds: [a1.user.id] }, 'name', 'Name must be at most 350 characters'],
      ['en', { name: 'G' }, 'affiliateIds', 'Affiliate group needs at least one affiliate'],
      ['en', { name: 'G', affiliateIds: [] }, 'affiliateIds', 'Affiliate group needs at least one affiliate'],
      ['pt', { name: 'G', affiliateIds: [] }, 'affiliateIds', 'O grupo de afiliados precisa de pelo menos um afiliado'],
      [
        'en',
        { name: 'G', affiliateIds: [a1.user.id, a1.user.id] },
        'affiliateIds',
        'Each affiliate can be in the group only once',
      ],
      ['en', { name: 'G', affiliateIds: [999999] }, 'affiliateIds', 'Please select valid affiliates'],
      ['pt', { name: 'G', affiliateIds: [admin.user.id] }, 'affiliateIds', 'Por favor, selecione afiliados válidos'],
      [
        'en',
        { name: 'G', affiliateIds: [a1.user.id], parentGroupId: 999999 },
        'parentGroupId',
        'Please select a valid parent group',
      ],
      [
        'pt',
        { name: 'G', affiliateIds: [a1.user.id], parentGroupId: 999999 },
        'parentGroupId',
        'Por favor, selecione um grupo pai válido',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(GROUPS).bearerToken(admin.token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().error.message, message, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].field.replace(/\.\d+$/, ''), field)
    }
    assert.equal(
      Number((await db.from('affiliate_groups').where('organization_id', admin.org.id).count('* as n'))[0].n),
      0
    )

    // Names are unique per organisation, case-insensitively.
    const group = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Tier One', affiliateIds: [a1.user.id] })
    ).body().data
    const clash = await client
      .post(GROUPS)
      .bearerToken(admin.token)
      .json({ name: 'TIER one', affiliateIds: [a1.user.id] })
    clash.assertStatus(422)
    assert.equal(clash.body().error.message, 'An affiliate group with this name already exists')
    const clashPt = await client
      .post(GROUPS)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ name: 'tier one', affiliateIds: [a1.user.id] })
    assert.equal(clashPt.body().error.message, 'Já existe um grupo de afiliados com este nome')
    const other = await createTenant('admin')
    const otherAffiliate = await addUser(other.org.id, 'affiliate')
    ;(
      await client
        .post(GROUPS)
        .bearerToken(other.token)
        .json({ name: 'Tier One', affiliateIds: [otherAffiliate.user.id] })
    ).assertStatus(201)
    const race = await Promise.all(
      Array.from({ length: 4 }, () =>
        client
          .post(GROUPS)
          .bearerToken(admin.token)
          .json({ name: 'Race', affiliateIds: [a1.user.id] })
      )
    )
    assert.deepEqual(race.map((response) => response.status()).sort(), [201, 422, 422, 422])

    // Clearing members or the name is refused, not ignored.
    const emptied = await client.patch(`${GROUPS}/${group.id}`).bearerToken(admin.token).json({ affiliateIds: [] })
    emptied.assertStatus(422)
    assert.equal(emptied.body().error.message, 'Affiliate group needs at least one affiliate')
    const nulled = await client
      .patch(`${GROUPS}/${group.id}`)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ affiliateIds: null })
    assert.equal(nulled.body().error.message, 'O grupo de afiliados precisa de pelo menos um afiliado')
    ;(await client.patch(`${GROUPS}/${group.id}`).bearerToken(admin.token).json({ name: '' })).assertStatus(422)
    assert.equal(Number((await db.from('affiliate_group_members').where('group_id', group.id).count('* as n'))[0].n), 1)
  })

  test('the parent group: not itself, no cycles, same organisation', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const make = async (name: string, parentGroupId?: number) => {
      const response = await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name, affiliateIds: [a1.user.id], parentGroupId })
      response.assertStatus(201)
      return response.body().data.id as number
    }
    const top = await make('Top')
    const middle = await make('Middle', top)
    const bottom = await make('Bottom', middle)
    const self = await client.patch(`${GROUPS}/${top}`).bearerToken(admin.token).json({ parentGroupId: top })
    self.assertStatus(422)
    assert.equal(self.body().error.message, 'A group cannot be its own parent group')
    const cycle = await client.patch(`${GROUPS}/${top}`).bearerToken(admin.token).json({ parentGroupId: bottom })
    cycle.assertStatus(422)
    assert.equal(cycle.body().error.message, "The parent group cannot be one of this group's subgroups")
    const cyclePt = await client
      .patch(`${GROUPS}/${top}`)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ parentGroupId: middle })
    assert.equal(cyclePt.body().error.message, 'O grupo pai não pode ser um dos subgrupos deste grupo')
    assert.isNull((await db.from('affiliate_groups').where('id', top).first()).parent_group_id)
    // Moving a subtree elsewhere is fine.
    ;(await client.patch(`${GROUPS}/${bottom}`).bearerToken(admin.token).json({ parentGroupId: top })).assertStatus(200)

    const other = await createTenant('admin')
    const otherAffiliate = await addUser(other.org.id, 'affiliate')
    const foreign = await client
      .post(GROUPS)
      .bearerToken(other.token)
      .json({ name: 'X', affiliateIds: [otherAffiliate.user.id], parentGroupId: top })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.fields[0].field, 'parentGroupId')
  })

  test('a group tied to a campaign cannot be updated or deleted (spec §4)', async ({ client, assert, cleanup }) => {
    const { admin, a1, a2 } = await setup()
    const group = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Campaign group', affiliateIds: [a1.user.id] })
    ).body().data
    const free = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Free group', affiliateIds: [a1.user.id] })
    ).body().data
    const unregister = installTestPlugin({
      id: 'test-group-usage',
      dependsOn: ['affiliates'],
      hooks: [
        groupUsage.provide(async (organizationId, groupId) => organizationId === admin.org.id && groupId === group.id),
      ],
    })
    cleanup(() => void unregister())

    const shown = await client.get(`${GROUPS}?sort=name`).bearerToken(admin.token)
    assert.deepEqual(
      shown.body().data.map((row: any) => [row.name, row.inUse]),
      [
        ['Campaign group', true],
        ['Free group', false],
      ]
    )
    const update = await client
      .patch(`${GROUPS}/${group.id}`)
      .bearerToken(admin.token)
      .json({ affiliateIds: [a2.user.id] })
    update.assertStatus(409)
    assert.equal(update.body().error.message, 'This group is tied to a campaign and cannot be updated')
    const updatePt = await client
      .put(`${GROUPS}/${group.id}`)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ name: 'Novo' })
    updatePt.assertStatus(409)
    assert.equal(updatePt.body().error.message, 'Este grupo está vinculado a uma campanha e não pode ser atualizado')
    const remove = await client.delete(`${GROUPS}/${group.id}`).bearerToken(admin.token)
    remove.assertStatus(409)
    assert.equal(remove.body().error.message, 'This group is tied to a campaign and cannot be deleted')
    assert.deepEqual(
      (await db.from('affiliate_group_members').where('group_id', group.id)).map((row) => row.affiliate_id),
      [a1.user.id]
    )
    ;(await client.patch(`${GROUPS}/${free.id}`).bearerToken(admin.token).json({ name: 'Still free' })).assertStatus(
      200
    )

    unregister()
    ;(await client.patch(`${GROUPS}/${group.id}`).bearerToken(admin.token).json({ name: 'Released' })).assertStatus(200)
  })

  test('roles: managers per their grants; affiliates and brands have no access', async ({ client, assert }) => {
    const { admin, a1, orgId } = await setup()
    const group = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Roles', affiliateIds: [a1.user.id] })
    ).body().data
    const subAdmin = await addUser(orgId, 'sub-admin')
    ;(
      await client
        .post(GROUPS)
        .bearerToken(subAdmin.token)
        .json({ name: 'By sub', affiliateIds: [a1.user.id] })
    ).assertStatus(201)
    ;(
      await client.patch(`${GROUPS}/${group.id}`).bearerToken(subAdmin.token).json({ description: 'edited' })
    ).assertStatus(200)
    // Affiliate and account managers manage affiliates, so their groups too.
    for (const role of ['afm', 'adm'] as const) {
      const manager = await addUser(orgId, role)
      ;(await client.get(GROUPS).bearerToken(manager.token)).assertStatus(200)
      ;(
        await client
          .post(GROUPS)
          .bearerToken(manager.token)
          .json({ name: `By ${role}`, affiliateIds: [a1.user.id] })
      ).assertStatus(201)
    }
    const parent = await addUser(orgId, 'parent')
    ;(await client.get(`${GROUPS}/${group.id}`).bearerToken(parent.token)).assertStatus(200)
    ;(
      await client
        .post(GROUPS)
        .bearerToken(parent.token)
        .json({ name: 'By parent', affiliateIds: [a1.user.id] })
    ).assertStatus(403)
    ;(await client.delete(`${GROUPS}/${group.id}`).bearerToken(parent.token)).assertStatus(403)
    for (const user of [a1, await addUser(orgId, 'brand')]) {
      ;(await client.get(GROUPS).bearerToken(user.token)).assertStatus(403)
      ;(await client.get(`${GROUPS}/${group.id}`).bearerToken(user.token)).assertStatus(403)
      ;(
        await client
          .post(GROUPS)
          .bearerToken(user.token)
          .json({ name: 'Mine', affiliateIds: [a1.user.id] })
      ).assertStatus(403)
      ;(await client.patch(`${GROUPS}/${group.id}`).bearerToken(user.token).json({ name: 'Mine' })).assertStatus(403)
      ;(await client.delete(`${GROUPS}/${group.id}`).bearerToken(user.token)).assertStatus(403)
    }
    assert.equal((await db.from('affiliate_groups').where('id', group.id).first()).name, 'Roles')
  })

  test('a team member with assigned affiliates sees and replaces only those members', async ({ client, assert }) => {
    const { admin, a1, a2, a3, orgId } = await setup()
    const group = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Mixed', affiliateIds: [a1.user.id, a2.user.id] })
    ).body().data
    const member = await addUser(orgId, 'sub-admin')
    await db
      .from('users')
      .where('id', member.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    await db.table('team_member_affiliates').multiInsert([
      { organization_id: orgId, member_id: member.user.id, affiliate_id: a1.user.id },
      { organization_id: orgId, member_id: member.user.id, affiliate_id: a3.user.id },
    ])
    const seen = await client.get(`${GROUPS}/${group.id}`).bearerToken(member.token)
    assert.deepEqual(seen.body().data.affiliateIds, [a1.user.id])
    assert.equal(seen.body().data.affiliateCount, 1)
    const refused = await client
      .post(GROUPS)
      .bearerToken(member.token)
      .json({ name: 'Theirs', affiliateIds: [a2.user.id] })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Please select valid affiliates')
    const replaced = await client
      .patch(`${GROUPS}/${group.id}`)
      .bearerToken(member.token)
      .json({ affiliateIds: [a3.user.id] })
    replaced.assertStatus(200)
    assert.deepEqual(replaced.body().data.affiliateIds, [a3.user.id])
    const stored = (await db.from('affiliate_group_members').where('group_id', group.id).orderBy('affiliate_id')).map(
      (row) => row.affiliate_id
    )
    assert.deepEqual(stored, [a2.user.id, a3.user.id])
    assert.deepEqual((await client.get(`${GROUPS}/${group.id}`).bearerToken(admin.token)).body().data.affiliateIds, [
      a2.user.id,
      a3.user.id,
    ])
  })

  test('tenant isolation and the affiliate-groups lookup', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const group = (
      await client
        .post(GROUPS)
        .bearerToken(admin.token)
        .json({ name: 'Private', affiliateIds: [a1.user.id] })
    ).body().data
    const other = await createTenant('admin')
    assert.lengthOf((await client.get(GROUPS).bearerToken(other.token)).body().data, 0)
    ;(await client.get(`${GROUPS}/${group.id}`).bearerToken(other.token)).assertStatus(404)
    ;(await client.patch(`${GROUPS}/${group.id}`).bearerToken(other.token).json({ name: 'Stolen' })).assertStatus(404)
    ;(await client.delete(`${GROUPS}/${group.id}`).bearerToken(other.token)).assertStatus(404)
    // Affiliates of another organisation cannot join.
    const foreign = await client
      .post(GROUPS)
      .bearerToken(other.token)
      .json({ name: 'Poach', affiliateIds: [a1.user.id] })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.fields[0].field, 'affiliateIds')

    assert.isTrue(hasLookup('affiliate-groups'))
    assert.deepEqual([...(await existingIds(admin.org.id, 'affiliate-groups', [group.id, 999999]))], [group.id])
    assert.equal((await existingIds(other.org.id, 'affiliate-groups', [group.id])).size, 0)
  })
})
