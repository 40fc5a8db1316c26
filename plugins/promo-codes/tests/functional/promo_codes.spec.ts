import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { addUser, createTenant } from '@affix/core/testing'

const CODES = '/api/v1/promo-codes/promo-codes'

const iso = (date: DateTime) => date.toUTC().toISO()!

async function setup() {
  const admin = await createTenant('admin')
  const a1 = await addUser(admin.org.id, 'affiliate')
  const a2 = await addUser(admin.org.id, 'affiliate')
  const a3 = await addUser(admin.org.id, 'affiliate')
  return { admin, a1, a2, a3, orgId: admin.org.id }
}

test.group('promo codes: CRUD and rules', () => {
  test('create, read, update, list and delete a promo code', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const start = DateTime.now().minus({ days: 1 }).startOf('second')
    const end = DateTime.now().plus({ days: 30 }).startOf('second')
    const created = await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({
        code: '  WELCOME-100 ',
        bonus: 10.5,
        bonusCurrency: 'eur',
        type: 'exclusive',
        origin: 'inorganic',
        affiliateId: a1.user.id,
        startDate: iso(start),
        endDate: iso(end),
        description: 'Welcome bonus',
      })
    created.assertStatus(201)
    const code = created.body().data
    assert.include(code, {
      code: 'WELCOME-100',
      bonus: '10.50',
      bonusCurrency: 'EUR',
      type: 'exclusive',
      origin: 'inorganic',
      affiliateId: a1.user.id,
      enabled: true,
      status: 'active',
      affiliateSelection: 'all',
      campaignId: null,
    })
    assert.deepEqual(code.includedAffiliateIds, [])
    assert.equal(DateTime.fromISO(code.startDate).toMillis(), start.toMillis())
    assert.equal(DateTime.fromISO(code.endDate).toMillis(), end.toMillis())
    const stored = await db.from('promo_codes').where('id', code.id).first()
    assert.equal(stored.bonus, '10.50')
    assert.notProperty(stored, 'status')

    const fetched = await client.get(`${CODES}/${code.id}`).bearerToken(admin.token)
    fetched.assertStatus(200)
    assert.equal(fetched.body().data.code, 'WELCOME-100')

    const updated = await client
      .patch(`${CODES}/${code.id}`)
      .bearerToken(admin.token)
      .json({ enabled: false, bonus: '0' })
    updated.assertStatus(200)
    assert.include(updated.body().data, {
      status: 'inactive',
      bonus: '0.00',
      enabled: false,
      code: 'WELCOME-100',
      type: 'exclusive',
    })

    // react-admin sends the whole record with PUT, derived and read-only fields included.
    const replaced = await client
      .put(`${CODES}/${code.id}`)
      .bearerToken(admin.token)
      .json({ ...updated.body().data, enabled: true, code: 'WELCOME-200' })
    replaced.assertStatus(200)
    assert.include(replaced.body().data, { code: 'WELCOME-200', status: 'active' })

    const listed = await client.get(CODES).bearerToken(admin.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.id),
      [code.id]
    )
    assert.equal(listed.header('content-range'), 'promo-codes 0-0/1')

    ;(await client.delete(`${CODES}/${code.id}`).bearerToken(admin.token)).assertStatus(200)
    ;(await client.get(`${CODES}/${code.id}`).bearerToken(admin.token)).assertStatus(404)
    ;(await client.patch(`${CODES}/${code.id}`).bearerToken(admin.token).json({ bonus: 1 })).assertStatus(404)
    assert.isNotNull((await db.from('promo_codes').where('id', code.id).first()).deleted_at)
    // A deleted code frees its code.
    ;(await client.post(CODES).bearerToken(admin.token).json({ code: 'welcome-200' })).assertStatus(201)
  })

  test('defaults: generic, organic, enabled, bonus 0 in the organisation currency', async ({ client, assert }) => {
    const { admin, orgId } = await setup()
    await db
      .from('organizations')
      .where('id', orgId)
      .update({ preferences: JSON.stringify({ currency: 'BRL' }) })
    const created = await client.post(CODES).bearerToken(admin.token).json({ code: 'PLAIN' })
    created.assertStatus(201)
    assert.include(created.body().data, {
      type: 'generic',
      origin: 'organic',
      enabled: true,
      bonus: '0.00',
      bonusCurrency: 'BRL',
      status: 'active',
      startDate: null,
      endDate: null,
    })
  })

  test('codes are unique per organisation, case-insensitively, also under concurrency', async ({ client, assert }) => {
    const { admin } = await setup()
    ;(await client.post(CODES).bearerToken(admin.token).json({ code: 'Summer_24' })).assertStatus(201)
    const clash = await client.post(CODES).bearerToken(admin.token).json({ code: 'SUMMER_24' })
    clash.assertStatus(422)
    assert.equal(clash.body().error.message, 'A promo code with this code already exists')
    assert.equal(clash.body().error.fields[0].field, 'code')
    const pt = await client
      .post(CODES)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json({ code: 'summer_24' })
    assert.equal(pt.body().error.message, 'Já existe um código promocional com este código')

    const other = await client.post(CODES).bearerToken(admin.token).json({ code: 'OTHER' })
    const renamed = await client
      .patch(`${CODES}/${other.body().data.id}`)
      .bearerToken(admin.token)
      .json({ code: 'summer_24' })
    renamed.assertStatus(422)
    // Keeping its own code is not a clash.
    ;(
      await client.patch(`${CODES}/${other.body().data.id}`).bearerToken(admin.token).json({ code: 'other' })
    ).assertStatus(200)

    // Another organisation may use the same code.
    const tenant = await createTenant('admin')
    ;(await client.post(CODES).bearerToken(tenant.token).json({ code: 'SUMMER_24' })).assertStatus(201)

    // Simultaneous creates: exactly one wins, the others get the same 422 (the index decides).
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client
          .post(CODES)
          .bearerToken(admin.token)
          .json({ code: index % 2 ? 'RACE' : 'race' })
      )
    )
    const statuses = attempts.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, 422, 422, 422, 422, 422])
    for (const response of attempts.filter((entry) => entry.status() === 422)) {
      assert.equal(response.body().error.message, 'A promo code with this code already exists')
    }
  })

  test('every field rule answers with its message, in English and Portuguese', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const now = DateTime.now()
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', {}, 'code', 'Code is required'],
      ['pt', {}, 'code', 'Código é obrigatório'],
      ['en', { code: '   ' }, 'code', 'Code is required'],
      ['en', { code: 'x'.repeat(65) }, 'code', 'Code must be at most 64 characters'],
      ['en', { code: 'HAS SPACE' }, 'code', 'Code may contain only letters, digits, - and _'],
      ['pt', { code: 'bad!' }, 'code', 'O código pode conter apenas letras, dígitos, - e _'],
      ['en', { code: 'B1', bonus: -1 }, 'bonus', 'Bonus must be at least 0'],
      ['pt', { code: 'B1', bonus: -0.01 }, 'bonus', 'O bônus deve ser no mínimo 0'],
      ['en', { code: 'B1', bonus: 1.005 }, 'bonus', 'Bonus must have at most 2 decimal digits'],
      ['pt', { code: 'B1', bonus: '2.999' }, 'bonus', 'O bônus deve ter no máximo 2 casas decimais'],
      ['en', { code: 'B1', bonus: 'lots' }, 'bonus', 'Bonus must be a number'],
      ['en', { code: 'B1', bonusCurrency: 'XXY' }, 'bonusCurrency', 'Bonus currency must be a valid currency code'],
      [
        'pt',
        { code: 'B1', bonusCurrency: 'EURO' },
        'bonusCurrency',
        'A moeda do bônus deve ser um código de moeda válido',
      ],
      ['en', { code: 'B1', type: 'forever' }, 'type', 'Please select a value'],
      ['en', { code: 'B1', affiliateSelection: 'some' }, 'affiliateSelection', 'Please select a value'],
      ['en', { code: 'B1', startDate: 'not a date' }, 'startDate', 'Start date must be a valid date'],
      ['en', { code: 'B1', description: 'x'.repeat(351) }, 'description', 'Description must be at most 350 characters'],
      [
        'en',
        { code: 'B1', startDate: iso(now), endDate: iso(now.minus({ hours: 1 })) },
        'endDate',
        'End date must be after start date',
      ],
      [
        'pt',
        { code: 'B1', startDate: iso(now), endDate: iso(now) },
        'endDate',
        'A data de término deve ser posterior à data de início',
      ],
      ['en', { code: 'B1', type: 'exclusive' }, 'affiliateId', 'Exclusive and one-time promo codes need an affiliate'],
      [
        'pt',
        { code: 'B1', type: 'one_time' },
        'affiliateId',
        'Códigos promocionais exclusivos e de uso único precisam de um afiliado',
      ],
      ['en', { code: 'B1', affiliateId: 999999 }, 'affiliateId', 'Please select a valid affiliate'],
      ['en', { code: 'B1', affiliateId: admin.user.id }, 'affiliateId', 'Please select a valid affiliate'],
      ['en', { code: 'B1', campaignId: 1 }, 'campaignId', 'Please select a valid campaign'],
      ['pt', { code: 'B1', campaignId: 1 }, 'campaignId', 'Por favor, selecione uma campanha válida'],
      [
        'en',
        { code: 'B1', affiliateSelection: 'include' },
        'includedAffiliateIds',
        'Include needs at least one affiliate',
      ],
      [
        'en',
        { code: 'B1', affiliateSelection: 'include', includedAffiliateIds: [] },
        'includedAffiliateIds',
        'Include needs at least one affiliate',
      ],
      [
        'en',
        { code: 'B1', affiliateSelection: 'exclude' },
        'excludedAffiliateIds',
        'Exclude needs at least one affiliate',
      ],
      [
        'pt',
        { code: 'B1', affiliateSelection: 'exclude', excludedAffiliateIds: [] },
        'excludedAffiliateIds',
        'A exclusão precisa de pelo menos um afiliado',
      ],
      [
        'en',
        { code: 'B1', includedAffiliateIds: [a1.user.id], excludedAffiliateIds: [a1.user.id] },
        'affiliateSelection',
        'Include or exclude affiliate selection is one or the other',
      ],
      [
        'en',
        { code: 'B1', affiliateSelection: 'include', excludedAffiliateIds: [a1.user.id] },
        'affiliateSelection',
        'Include or exclude affiliate selection is one or the other',
      ],
      [
        'pt',
        { code: 'B1', affiliateSelection: 'exclude', includedAffiliateIds: [a1.user.id] },
        'affiliateSelection',
        'A seleção de afiliados é de inclusão ou de exclusão, não ambas',
      ],
      [
        'en',
        { code: 'B1', affiliateSelection: 'include', includedAffiliateIds: [a1.user.id, 999999] },
        'includedAffiliateIds',
        'Please select valid affiliates',
      ],
      [
        'en',
        { code: 'B1', affiliateSelection: 'include', includedAffiliateIds: [a1.user.id, a1.user.id] },
        'includedAffiliateIds',
        'Each affiliate can be selected only once',
      ],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(CODES).bearerToken(admin.token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, `${JSON.stringify(body)} → ${response.status()} ${response.text()}`)
      assert.equal(response.body().error.message, message, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].field.replace(/\.\d+$/, ''), field, JSON.stringify(body))
    }
    // Nothing was half-written.
    assert.equal(Number((await db.from('promo_codes').where('organization_id', admin.org.id).count('* as n'))[0].n), 0)
    assert.equal(
      Number((await db.from('promo_code_affiliates').where('organization_id', admin.org.id).count('* as n'))[0].n),
      0
    )
  })

  test('include and exclude lists: inferred, switched and cleared on update', async ({ client, assert }) => {
    const { admin, a1, a2, a3 } = await setup()
    const included = await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({ code: 'INC', includedAffiliateIds: [a2.user.id, a1.user.id] })
    included.assertStatus(201)
    assert.equal(included.body().data.affiliateSelection, 'include')
    assert.deepEqual(
      included.body().data.includedAffiliateIds,
      [a1.user.id, a2.user.id].sort((x, y) => x - y)
    )
    const id = included.body().data.id

    // Switching to exclude replaces the include list.
    const excluded = await client
      .patch(`${CODES}/${id}`)
      .bearerToken(admin.token)
      .json({ affiliateSelection: 'exclude', excludedAffiliateIds: [a3.user.id] })
    excluded.assertStatus(200)
    assert.deepEqual(excluded.body().data.includedAffiliateIds, [])
    assert.deepEqual(excluded.body().data.excludedAffiliateIds, [a3.user.id])

    // Exclude without anyone left is refused; the stored state is untouched.
    const emptied = await client.patch(`${CODES}/${id}`).bearerToken(admin.token).json({ excludedAffiliateIds: [] })
    emptied.assertStatus(422)
    assert.equal(emptied.body().error.message, 'Exclude needs at least one affiliate')
    assert.deepEqual(
      (await db.from('promo_code_affiliates').where('promo_code_id', id)).map((row) => [row.affiliate_id, row.mode]),
      [[a3.user.id, 'exclude']]
    )

    // Back to everyone: the lists go.
    const all = await client.patch(`${CODES}/${id}`).bearerToken(admin.token).json({ affiliateSelection: 'all' })
    all.assertStatus(200)
    assert.deepEqual([all.body().data.includedAffiliateIds, all.body().data.excludedAffiliateIds], [[], []])
    assert.equal(Number((await db.from('promo_code_affiliates').where('promo_code_id', id).count('* as n'))[0].n), 0)

    // An exclusive code keeps needing its affiliate.
    const exclusive = await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({ code: 'EXC', type: 'exclusive', affiliateId: a1.user.id })
    const unassigned = await client
      .patch(`${CODES}/${exclusive.body().data.id}`)
      .bearerToken(admin.token)
      .json({ affiliateId: null })
    unassigned.assertStatus(422)
    assert.equal(unassigned.body().error.message, 'Exclusive and one-time promo codes need an affiliate')
    // A deleted affiliate cannot be chosen.
    await db.from('users').where('id', a2.user.id).update({ status: 'deleted' })
    const gone = await client.post(CODES).bearerToken(admin.token).json({ code: 'GONE', affiliateId: a2.user.id })
    gone.assertStatus(422)
    assert.equal(gone.body().error.fields[0].field, 'affiliateId')
  })
})

test.group('promo codes: derived status', () => {
  test('inactive, future, expired and active at the boundaries, filterable in SQL', async ({ client, assert }) => {
    const { admin } = await setup()
    const now = DateTime.now()
    const make = async (code: string, body: Record<string, unknown>) => {
      const response = await client
        .post(CODES)
        .bearerToken(admin.token)
        .json({ code, ...body })
      response.assertStatus(201)
      return response.body().data
    }
    const cases = {
      OPEN: [{}, 'active'],
      STARTED: [{ startDate: iso(now.minus({ seconds: 30 })) }, 'active'],
      ENDING: [{ endDate: iso(now.plus({ minutes: 1 })) }, 'active'],
      FUTURE: [{ startDate: iso(now.plus({ minutes: 1 })) }, 'future'],
      FUTURE_RANGE: [{ startDate: iso(now.plus({ days: 1 })), endDate: iso(now.plus({ days: 2 })) }, 'future'],
      EXPIRED: [{ endDate: iso(now.minus({ seconds: 30 })) }, 'expired'],
      EXPIRED_RANGE: [{ startDate: iso(now.minus({ days: 2 })), endDate: iso(now.minus({ days: 1 })) }, 'expired'],
      // Disabled wins over the dates.
      OFF: [{ enabled: false }, 'inactive'],
      OFF_FUTURE: [{ enabled: false, startDate: iso(now.plus({ days: 1 })) }, 'inactive'],
      OFF_EXPIRED: [{ enabled: false, endDate: iso(now.minus({ days: 1 })) }, 'inactive'],
    } as const
    const ids: Record<string, number> = {}
    for (const [code, [body, status]] of Object.entries(cases)) {
      const created = await make(code, body)
      assert.equal(created.status, status, code)
      ids[code] = created.id
    }
    const byStatus = async (status: string) =>
      (
        await client
          .get(`${CODES}?limit=100&filter=${encodeURIComponent(JSON.stringify({ status }))}&sort=code`)
          .bearerToken(admin.token)
      )
        .body()
        .data.map((row: any) => row.code)
    assert.deepEqual(await byStatus('active'), ['ENDING', 'OPEN', 'STARTED'])
    assert.deepEqual(await byStatus('future'), ['FUTURE', 'FUTURE_RANGE'])
    assert.deepEqual(await byStatus('expired'), ['EXPIRED', 'EXPIRED_RANGE'])
    assert.deepEqual(await byStatus('inactive'), ['OFF', 'OFF_EXPIRED', 'OFF_FUTURE'])
    const several = await client.get(`${CODES}?status=future&status=expired&limit=100`).bearerToken(admin.token)
    assert.equal(several.body().data.length, 4)
    assert.equal(several.header('content-range'), 'promo-codes 0-3/4')
    ;(await client.get(`${CODES}?status=paused`).bearerToken(admin.token)).assertStatus(422)

    // Time moves: a code whose start passes becomes active, one whose end passes expires.
    await db
      .from('promo_codes')
      .where('id', ids.FUTURE)
      .update({ start_date: now.minus({ seconds: 1 }).toSQL() })
    await db
      .from('promo_codes')
      .where('id', ids.ENDING)
      .update({ end_date: now.minus({ seconds: 1 }).toSQL() })
    assert.equal((await client.get(`${CODES}/${ids.FUTURE}`).bearerToken(admin.token)).body().data.status, 'active')
    assert.equal((await client.get(`${CODES}/${ids.ENDING}`).bearerToken(admin.token)).body().data.status, 'expired')
    assert.deepEqual(await byStatus('expired'), ['ENDING', 'EXPIRED', 'EXPIRED_RANGE'])

    // Sorted by the derived status, and filtered by type and search.
    const sorted = await client.get(`${CODES}?sort=status&limit=1`).bearerToken(admin.token)
    assert.equal(sorted.body().data[0].status, 'active')
    const search = await client.get(`${CODES}?q=range`).bearerToken(admin.token)
    assert.deepEqual(
      search
        .body()
        .data.map((row: any) => row.code)
        .sort(),
      ['EXPIRED_RANGE', 'FUTURE_RANGE']
    )
  })

  test('export: CSV with the same filters, recorded in downloads', async ({ client, assert }) => {
    const { admin } = await setup()
    await client.post(CODES).bearerToken(admin.token).json({ code: 'LIVE', bonus: 5 })
    await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({ code: '=EVIL', enabled: false })
      .then((r) => r.assertStatus(422))
    await client.post(CODES).bearerToken(admin.token).json({ code: 'OFF', enabled: false })
    const exported = await client.get(`${CODES}/export?status=inactive`).bearerToken(admin.token)
    exported.assertStatus(200)
    const lines = exported.text().trim().split('\n')
    assert.match(lines[0], /^id,code,bonus,bonus_currency/)
    assert.lengthOf(lines, 2)
    assert.include(lines[1], ',OFF,0.00,')
    assert.include(lines[1], ',inactive,')
    const downloads = await client.get('/api/v1/exports').bearerToken(admin.token)
    assert.equal(downloads.body().data[0].resource, 'promo-codes')
  })
})

test.group('promo codes: who sees what', () => {
  test('an affiliate sees only the codes that apply to it, without the lists, and cannot write', async ({
    client,
    assert,
  }) => {
    const { admin, a1, a2 } = await setup()
    const make = async (body: Record<string, unknown>) => {
      const response = await client.post(CODES).bearerToken(admin.token).json(body)
      response.assertStatus(201)
      return response.body().data.id as number
    }
    const ids = {
      all: await make({ code: 'ALL' }),
      includesA1: await make({ code: 'INC_A1', includedAffiliateIds: [a1.user.id] }),
      includesA2: await make({ code: 'INC_A2', includedAffiliateIds: [a2.user.id] }),
      excludesA1: await make({ code: 'EXC_A1', excludedAffiliateIds: [a1.user.id] }),
      excludesA2: await make({ code: 'EXC_A2', excludedAffiliateIds: [a2.user.id] }),
      exclusiveA1: await make({ code: 'MINE', type: 'exclusive', affiliateId: a1.user.id }),
      oneTimeA2: await make({ code: 'THEIRS', type: 'one_time', affiliateId: a2.user.id }),
      genericForA2: await make({ code: 'GEN_A2', affiliateId: a2.user.id }),
    }
    const seen = await client.get(`${CODES}?sort=code&limit=100`).bearerToken(a1.token)
    seen.assertStatus(200)
    assert.deepEqual(
      seen.body().data.map((row: any) => row.code),
      ['ALL', 'EXC_A2', 'INC_A1', 'MINE']
    )
    for (const row of seen.body().data) {
      assert.notProperty(row, 'includedAffiliateIds')
      assert.notProperty(row, 'excludedAffiliateIds')
    }
    assert.equal(seen.header('content-range'), 'promo-codes 0-3/4')
    ;(await client.get(`${CODES}/${ids.includesA1}`).bearerToken(a1.token)).assertStatus(200)
    for (const hidden of [ids.includesA2, ids.excludesA1, ids.oneTimeA2, ids.genericForA2]) {
      ;(await client.get(`${CODES}/${hidden}`).bearerToken(a1.token)).assertStatus(404)
    }
    const a2Seen = await client.get(`${CODES}?sort=code&limit=100`).bearerToken(a2.token)
    assert.deepEqual(
      a2Seen.body().data.map((row: any) => row.code),
      ['ALL', 'EXC_A1', 'GEN_A2', 'INC_A2', 'THEIRS']
    )
    const exported = await client.get(`${CODES}/export`).bearerToken(a1.token)
    exported.assertStatus(200)
    assert.lengthOf(exported.text().trim().split('\n'), 5)

    ;(await client.post(CODES).bearerToken(a1.token).json({ code: 'HACK' })).assertStatus(403)
    ;(await client.patch(`${CODES}/${ids.exclusiveA1}`).bearerToken(a1.token).json({ bonus: 100 })).assertStatus(403)
    ;(await client.delete(`${CODES}/${ids.exclusiveA1}`).bearerToken(a1.token)).assertStatus(403)
  })

  test('roles: sub-admin manages, managers and parents read, brands have nothing', async ({ client, assert }) => {
    const { admin, orgId } = await setup()
    const id = (await client.post(CODES).bearerToken(admin.token).json({ code: 'ROLES' })).body().data.id
    const subAdmin = await addUser(orgId, 'sub-admin')
    const created = await client.post(CODES).bearerToken(subAdmin.token).json({ code: 'BY_SUB' })
    created.assertStatus(201)
    ;(await client.patch(`${CODES}/${id}`).bearerToken(subAdmin.token).json({ bonus: 3 })).assertStatus(200)
    for (const role of ['afm', 'adm', 'parent'] as const) {
      const user = await addUser(orgId, role)
      const listed = await client.get(CODES).bearerToken(user.token)
      listed.assertStatus(200)
      assert.lengthOf(listed.body().data, 2, role)
      ;(await client.get(`${CODES}/${id}`).bearerToken(user.token)).assertStatus(200)
      ;(
        await client
          .post(CODES)
          .bearerToken(user.token)
          .json({ code: `BY_${role.toUpperCase()}` })
      ).assertStatus(403)
      ;(await client.delete(`${CODES}/${id}`).bearerToken(user.token)).assertStatus(403)
    }
    const brand = await addUser(orgId, 'brand')
    ;(await client.get(CODES).bearerToken(brand.token)).assertStatus(403)
    ;(await client.get(`${CODES}/${id}`).bearerToken(brand.token)).assertStatus(403)
    ;(await client.post(CODES).bearerToken(brand.token).json({ code: 'BRAND' })).assertStatus(403)
  })

  test('a team member with assigned affiliates sees their codes and the unassigned ones', async ({
    client,
    assert,
  }) => {
    const { admin, a1, a2, orgId } = await setup()
    const afm = await addUser(orgId, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: afm.user.id, affiliate_id: a1.user.id })
    await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({ code: 'GENERIC', excludedAffiliateIds: [a1.user.id, a2.user.id] })
    await client
      .post(CODES)
      .bearerToken(admin.token)
      .json({ code: 'FOR_A1', type: 'exclusive', affiliateId: a1.user.id })
    const forA2 = (
      await client
        .post(CODES)
        .bearerToken(admin.token)
        .json({ code: 'FOR_A2', type: 'exclusive', affiliateId: a2.user.id })
    ).body().data.id
    const seen = await client.get(`${CODES}?sort=code`).bearerToken(afm.token)
    assert.deepEqual(
      seen.body().data.map((row: any) => row.code),
      ['FOR_A1', 'GENERIC']
    )
    // Only the assigned affiliate shows in the lists.
    assert.deepEqual(seen.body().data[1].excludedAffiliateIds, [a1.user.id])
    ;(await client.get(`${CODES}/${forA2}`).bearerToken(afm.token)).assertStatus(404)

    // A scoped sub-admin writes only for its affiliates and keeps the others in the lists.
    const sub = await addUser(orgId, 'sub-admin')
    await db
      .from('users')
      .where('id', sub.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: sub.user.id, affiliate_id: a1.user.id })
    const refused = await client
      .post(CODES)
      .bearerToken(sub.token)
      .json({ code: 'SUB_A2', type: 'exclusive', affiliateId: a2.user.id })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Please select a valid affiliate')
    const generic = seen.body().data[1]
    const a3 = await addUser(orgId, 'affiliate')
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: sub.user.id, affiliate_id: a3.user.id })
    const replaced = await client
      .patch(`${CODES}/${generic.id}`)
      .bearerToken(sub.token)
      .json({ excludedAffiliateIds: [a3.user.id] })
    replaced.assertStatus(200)
    assert.deepEqual(replaced.body().data.excludedAffiliateIds, [a3.user.id])
    const stored = (
      await db.from('promo_code_affiliates').where('promo_code_id', generic.id).orderBy('affiliate_id')
    ).map((row) => row.affiliate_id)
    assert.deepEqual(stored, [a2.user.id, a3.user.id])
  })

  test('tenant isolation: another organisation sees and changes nothing', async ({ client, assert }) => {
    const { admin, a1 } = await setup()
    const id = (await client.post(CODES).bearerToken(admin.token).json({ code: 'MINE_ONLY' })).body().data.id
    const other = await createTenant('admin')
    assert.lengthOf((await client.get(CODES).bearerToken(other.token)).body().data, 0)
    ;(await client.get(`${CODES}/${id}`).bearerToken(other.token)).assertStatus(404)
    ;(await client.patch(`${CODES}/${id}`).bearerToken(other.token).json({ bonus: 9 })).assertStatus(404)
    ;(await client.delete(`${CODES}/${id}`).bearerToken(other.token)).assertStatus(404)
    // Affiliates of another organisation cannot be referenced.
    const foreign = await client
      .post(CODES)
      .bearerToken(other.token)
      .json({ code: 'X', type: 'exclusive', affiliateId: a1.user.id })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.fields[0].field, 'affiliateId')
    const foreignList = await client
      .post(CODES)
      .bearerToken(other.token)
      .json({ code: 'Y', includedAffiliateIds: [a1.user.id] })
    foreignList.assertStatus(422)
    assert.equal((await db.from('promo_codes').where('id', id).first()).deleted_at, null)
  })
})
