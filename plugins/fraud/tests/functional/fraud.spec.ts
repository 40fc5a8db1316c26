import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { onInvalidation, publishInvalidation, type Invalidation } from '@affix/core/kernel'
import { compileFraudRules, evaluateFraud, loadFraudRules, type FraudRuleInput } from '../../src/contracts.js'
import { addUser, createTenant } from '@affix/core/testing'

const RULES = '/api/v1/fraud/rules'

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
}
const IP = { aws: '3.5.140.2', tor: '185.220.101.7', home: '192.0.2.10', homeV6: '2001:db8::10', doV6: '2604:a880::5' }

async function brand(orgId: number, name = 'Brand') {
  const [row] = await db
    .table('brands')
    .insert({ organization_id: orgId, name: `${name} ${Math.random()}`, status: 'active' })
    .returning('id')
  return Number(row.id ?? row)
}

async function campaign(orgId: number, brandId: number) {
  const [row] = await db
    .table('campaigns')
    .insert({
      organization_id: orgId,
      brand_id: brandId,
      title: `Campaign ${Math.random()}`,
      default_url: 'https://land.example',
      currency: 'USD',
    })
    .returning('id')
  return Number(row.id ?? row)
}

/** Messages of a topic heard from now on (through Redis: subscribe, then wait until our own ping arrives). */
async function listen(topic: string) {
  const heard: Invalidation[] = []
  const stop = onInvalidation(topic, (message) => heard.push(message))
  const ping = -Math.floor(Math.random() * 1e9)
  for (let tries = 0; tries < 30 && !heard.some((message) => message.organizationId === ping); tries++) {
    await publishInvalidation({ topic, organizationId: ping })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    stop,
    async wait(organizationId: number, count: number) {
      for (
        let tries = 0;
        tries < 30 && heard.filter((message) => message.organizationId === organizationId).length < count;
        tries++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return heard.filter((message) => message.organizationId === organizationId).length
    },
  }
}

const rule = (over: Partial<FraudRuleInput> & Pick<FraudRuleInput, 'id' | 'action' | 'type'>): FraudRuleInput => ({
  brandSelection: 'all',
  brandIds: [],
  campaignSelection: 'all',
  campaignIds: [],
  affiliateSelection: 'all',
  affiliateIds: [],
  ...over,
})

const click = (over: Partial<Parameters<typeof evaluateFraud>[1]> = {}) => ({
  ip: IP.home,
  userAgent: UA.chromeWindows,
  brandId: 1,
  campaignId: 10,
  affiliateId: 100,
  ...over,
})

test.group('fraud rules API', () => {
  test('create, read, update, list, bulk status and delete a rule; every write publishes fraud-rules', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const bus = await listen('fraud-rules')
    try {
      const created = await client
        .post(RULES)
        .bearerToken(token)
        .json({ name: '  Block data centres ', action: 'block', type: 'data_center' })
      created.assertStatus(201)
      const data = created.body().data
      assert.include(data, {
        name: 'Block data centres',
        action: 'block',
        type: 'data_center',
        status: 'active',
        brandSelection: 'all',
        affiliateSelection: 'all',
        campaignSelection: 'all',
      })
      assert.deepEqual([data.brandIds, data.ips, data.userAgents, data.devices, data.os], [[], [], [], [], []])

      const blacklist = await client
        .post(RULES)
        .bearerToken(token)
        .json({
          name: 'Blacklist',
          action: 'mark',
          type: 'blacklist',
          ips: ['203.0.113.0/24', '2001:DB8::1', '198.51.100.7'],
          userAgents: ['HeadlessChrome'],
          devices: ['bot'],
        })
      blacklist.assertStatus(201)
      // IPv6 is stored lower case; settings of other types are dropped.
      assert.deepEqual(blacklist.body().data.ips, ['203.0.113.0/24', '2001:db8::1', '198.51.100.7'])
      assert.deepEqual(blacklist.body().data.devices, [])

      ;(await client.get(`${RULES}/${data.id}`).bearerToken(token)).assertStatus(200)
      const updated = await client
        .patch(`${RULES}/${data.id}`)
        .bearerToken(token)
        .json({ type: 'device', devices: ['bot', 'tablet'], os: ['linux'] })
      updated.assertStatus(200)
      assert.include(updated.body().data, { type: 'device', name: 'Block data centres' })
      assert.deepEqual(updated.body().data.devices, ['bot', 'tablet'])
      const replaced = await client
        .put(`${RULES}/${data.id}`)
        .bearerToken(token)
        .json({ ...updated.body().data, name: 'Bots and tablets' })
      replaced.assertStatus(200)
      assert.equal(replaced.body().data.name, 'Bots and tablets')

      const listed = await client
        .get(`${RULES}?filter=${encodeURIComponent('{"type":["blacklist"]}')}`)
        .bearerToken(token)
      assert.deepEqual(
        listed.body().data.map((row: any) => row.name),
        ['Blacklist']
      )
      assert.equal(listed.header('content-range'), 'rules 0-0/1')
      assert.deepEqual(
        (await client.get(`${RULES}?q=bots`).bearerToken(token)).body().data.map((row: any) => row.id),
        [data.id]
      )

      const bulk = await client
        .post(`${RULES}/status`)
        .bearerToken(token)
        .json({ ids: [data.id, blacklist.body().data.id], status: 'inactive' })
      bulk.assertStatus(200)
      assert.equal(bulk.body().data.updated, 2)
      assert.lengthOf((await loadFraudRules(org.id)).rules, 0)
      const unknown = await client
        .post(`${RULES}/status`)
        .bearerToken(token)
        .json({ ids: [data.id, 999999], status: 'active' })
      unknown.assertStatus(422)
      assert.equal(unknown.body().error.message, 'Some of the selected records do not exist.')
      assert.equal((await db.from('fraud_rules').where('id', data.id).first()).status, 'inactive')

      ;(await client.delete(`${RULES}/${data.id}`).bearerToken(token)).assertStatus(200)
      ;(await client.get(`${RULES}/${data.id}`).bearerToken(token)).assertStatus(404)
      assert.isNull(await db.from('fraud_rules').where('id', data.id).first())
      // create ×2, update, replace, bulk, delete
      assert.isAtLeast(await bus.wait(org.id, 6), 6)
    } finally {
      bus.stop()
    }
  })

  test('validation messages, in English and Portuguese; nothing is written', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const other = await createTenant('admin')
    const otherBrand = await brand(other.org.id)
    const affiliate = await addUser(org.id, 'affiliate')
    const base = { name: 'R', action: 'mark', type: 'data_center' }
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['en', { action: 'mark', type: 'proxy' }, 'name', 'Name is required'],
      ['pt', { action: 'mark', type: 'proxy' }, 'name', 'Nome é obrigatório'],
      ['en', { ...base, name: '  ' }, 'name', 'Name is required'],
      ['en', { ...base, name: 'x'.repeat(351) }, 'name', 'Name must be at most 350 characters'],
      ['en', { ...base, action: 'ban' }, 'action', 'Please select an action (mark or block)'],
      ['pt', { ...base, action: 'ban' }, 'action', 'Por favor, selecione uma ação (marcar ou bloquear)'],
      ['en', { ...base, type: 'geo' }, 'type', 'Please select a rule type'],
      ['en', { ...base, status: 'paused' }, 'status', 'Please select a value'],
      ['en', { ...base, type: 'blacklist' }, 'ips', 'A blacklist rule needs at least one IP address or user agent'],
      [
        'pt',
        { ...base, type: 'blacklist', ips: [] },
        'ips',
        'Uma regra de lista negra precisa de pelo menos um endereço IP ou agente de usuário',
      ],
      [
        'en',
        { ...base, type: 'blacklist', ips: ['10.0.0.0/33'] },
        'ips',
        '"10.0.0.0/33" is not a valid IP address or CIDR range',
      ],
      [
        'en',
        { ...base, type: 'blacklist', ips: ['not-an-ip'] },
        'ips',
        '"not-an-ip" is not a valid IP address or CIDR range',
      ],
      [
        'pt',
        { ...base, type: 'blacklist', ips: ['2001:db8::/129'] },
        'ips',
        '"2001:db8::/129" não é um endereço IP ou intervalo CIDR válido',
      ],
      ['en', { ...base, type: 'blacklist', ips: ['1.2.3.4', '1.2.3.4'] }, 'ips', 'Each item can be selected only once'],
      [
        'en',
        { ...base, type: 'device' },
        'devices',
        'A device rule needs at least one device type or operating system',
      ],
      [
        'pt',
        { ...base, type: 'device', devices: [] },
        'devices',
        'Uma regra de dispositivo precisa de pelo menos um tipo de dispositivo ou sistema operacional',
      ],
      [
        'en',
        { ...base, type: 'device', devices: ['phone'] },
        'devices.0',
        'Devices must be desktop, mobile, tablet or bot',
      ],
      [
        'en',
        { ...base, type: 'device', os: ['beos'] },
        'os.0',
        'Operating systems must be windows, macos, linux, android, ios, chromeos or other',
      ],
      ['en', { ...base, brandSelection: 'include' }, 'brandIds', 'Include or exclude needs at least one brand'],
      [
        'pt',
        { ...base, affiliateSelection: 'exclude', affiliateIds: [] },
        'affiliateIds',
        'Incluir ou excluir precisa de pelo menos um afiliado',
      ],
      [
        'en',
        { ...base, campaignSelection: 'include' },
        'campaignIds',
        'Include or exclude needs at least one campaign',
      ],
      [
        'en',
        { ...base, brandSelection: 'all', brandIds: [otherBrand] },
        'brandSelection',
        'Brands are included or excluded, one or the other: choose include or exclude to select brands',
      ],
      [
        'pt',
        { ...base, affiliateSelection: 'all', affiliateIds: [affiliate.user.id] },
        'affiliateSelection',
        'Os afiliados são incluídos ou excluídos, uma coisa ou outra: escolha incluir ou excluir para selecionar afiliados',
      ],
      // Another organisation's brand is no brand of ours.
      ['en', { ...base, brandIds: [otherBrand] }, 'brandIds', 'Please select valid brands'],
      [
        'pt',
        { ...base, brandSelection: 'exclude', brandIds: [otherBrand] },
        'brandIds',
        'Por favor, selecione marcas válidas',
      ],
      [
        'en',
        { ...base, affiliateSelection: 'include', affiliateIds: [other.user.id] },
        'affiliateIds',
        'Please select valid affiliates',
      ],
      [
        'en',
        { ...base, campaignSelection: 'include', campaignIds: [987654] },
        'campaignIds',
        'Please select a valid campaign',
      ],
      [
        'pt',
        { ...base, campaignSelection: 'include', campaignIds: [987654] },
        'campaignIds',
        'Por favor, selecione uma campanha válida',
      ],
      ['en', { ...base, brandIds: [-1] }, 'brandIds.0', 'Please select valid brands'],
    ]
    for (const [locale, body, field, message] of cases) {
      const response = await client.post(RULES).bearerToken(token).header('accept-language', locale).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().error.message, message, JSON.stringify(body))
      assert.equal(response.body().error.fields[0].field, field, JSON.stringify(body))
    }
    assert.equal(Number((await db.from('fraud_rules').where('organization_id', org.id).count('* as n'))[0].n), 0)

    const kept = (
      await client
        .post(RULES)
        .bearerToken(token)
        .json({ ...base, type: 'blacklist', ips: ['1.2.3.4'] })
    ).body().data
    const cleared = await client
      .patch(`${RULES}/${kept.id}`)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ ips: [] })
    cleared.assertStatus(422)
    assert.equal(
      cleared.body().error.message,
      'Uma regra de lista negra precisa de pelo menos um endereço IP ou agente de usuário'
    )
    ;(await client.patch(`${RULES}/${kept.id}`).bearerToken(token).json({ name: '' })).assertStatus(422)
    assert.deepEqual((await db.from('fraud_rules').where('id', kept.id).first()).ips, ['1.2.3.4'])
  })

  test('scopes take the organisation’s brands, affiliates and campaigns', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const brandId = await brand(org.id)
    const campaignId = await campaign(org.id, brandId)
    const affiliate = await addUser(org.id, 'affiliate')
    const response = await client
      .post(RULES)
      .bearerToken(token)
      .json({
        name: 'Scoped',
        action: 'block',
        type: 'proxy',
        brandIds: [brandId],
        affiliateSelection: 'exclude',
        affiliateIds: [affiliate.user.id],
        campaignSelection: 'include',
        campaignIds: [campaignId],
      })
    response.assertStatus(201)
    assert.include(response.body().data, {
      brandSelection: 'include',
      affiliateSelection: 'exclude',
      campaignSelection: 'include',
    })
    assert.deepEqual(response.body().data.campaignIds, [campaignId])
    // Switching to all empties the list; include → exclude keeps it.
    const switched = await client
      .patch(`${RULES}/${response.body().data.id}`)
      .bearerToken(token)
      .json({ brandSelection: 'exclude', campaignSelection: 'all' })
    assert.include(switched.body().data, { brandSelection: 'exclude', campaignSelection: 'all' })
    assert.deepEqual([switched.body().data.brandIds, switched.body().data.campaignIds], [[brandId], []])
  })

  test('roles: admin and sub-admin manage, AFM and ADM read, others nothing', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const existing = (
      await client.post(RULES).bearerToken(token).json({ name: 'Proxy', action: 'mark', type: 'proxy' })
    ).body().data
    const subAdmin = await addUser(org.id, 'sub-admin')
    const made = await client
      .post(RULES)
      .bearerToken(subAdmin.token)
      .json({ name: 'By sub-admin', action: 'block', type: 'data_center' })
    made.assertStatus(201)
    ;(
      await client.patch(`${RULES}/${made.body().data.id}`).bearerToken(subAdmin.token).json({ status: 'inactive' })
    ).assertStatus(200)
    ;(await client.delete(`${RULES}/${made.body().data.id}`).bearerToken(subAdmin.token)).assertStatus(200)
    for (const role of ['afm', 'adm'] as const) {
      const user = await addUser(org.id, role)
      const seen = await client.get(RULES).bearerToken(user.token)
      seen.assertStatus(200)
      assert.deepEqual(
        seen.body().data.map((row: any) => row.id),
        [existing.id]
      )
      ;(await client.get(`${RULES}/${existing.id}`).bearerToken(user.token)).assertStatus(200)
      ;(
        await client.post(RULES).bearerToken(user.token).json({ name: 'x', action: 'mark', type: 'proxy' })
      ).assertStatus(403)
      ;(await client.patch(`${RULES}/${existing.id}`).bearerToken(user.token).json({ name: 'x' })).assertStatus(403)
      ;(
        await client
          .post(`${RULES}/status`)
          .bearerToken(user.token)
          .json({ ids: [existing.id], status: 'inactive' })
      ).assertStatus(403)
      ;(await client.delete(`${RULES}/${existing.id}`).bearerToken(user.token)).assertStatus(403)
    }
    for (const role of ['affiliate', 'brand', 'parent'] as const) {
      const user = await addUser(org.id, role)
      ;(await client.get(RULES).bearerToken(user.token)).assertStatus(403)
      ;(await client.get(`${RULES}/${existing.id}`).bearerToken(user.token)).assertStatus(403)
      ;(
        await client.post(RULES).bearerToken(user.token).json({ name: 'x', action: 'mark', type: 'proxy' })
      ).assertStatus(403)
    }
    assert.equal((await db.from('fraud_rules').where('id', existing.id).first()).name, 'Proxy')
  })

  test('tenant isolation: another organisation’s rules are invisible and untouchable', async ({ client, assert }) => {
    const mine = await createTenant('admin')
    const theirs = await createTenant('admin')
    const rule = (
      await client.post(RULES).bearerToken(theirs.token).json({ name: 'Theirs', action: 'block', type: 'proxy' })
    ).body().data
    assert.deepEqual((await client.get(RULES).bearerToken(mine.token)).body().data, [])
    ;(await client.get(`${RULES}/${rule.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.patch(`${RULES}/${rule.id}`).bearerToken(mine.token).json({ name: 'Mine now' })).assertStatus(404)
    ;(await client.delete(`${RULES}/${rule.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(
      await client
        .post(`${RULES}/status`)
        .bearerToken(mine.token)
        .json({ ids: [rule.id], status: 'inactive' })
    ).assertStatus(422)
    const row = await db.from('fraud_rules').where('id', rule.id).first()
    assert.deepEqual([row.name, row.status], ['Theirs', 'active'])
    assert.lengthOf((await loadFraudRules(mine.org.id)).rules, 0)
    assert.deepEqual(
      (await loadFraudRules(theirs.org.id)).rules.map((loaded) => loaded.id),
      [rule.id]
    )
  })
})

test.group('evaluateFraud', () => {
  test('each type matches its own condition, for mark and block', ({ assert }) => {
    const cases: Array<
      [FraudRuleInput['type'], Partial<FraudRuleInput>, ReturnType<typeof click>, ReturnType<typeof click>]
    > = [
      ['data_center', {}, click({ ip: IP.aws }), click()],
      ['data_center', {}, click({ ip: IP.doV6 }), click({ ip: IP.homeV6 })],
      ['proxy', {}, click({ ip: IP.tor }), click({ ip: IP.aws })],
      ['blacklist', { ips: ['203.0.113.0/24'] }, click({ ip: '203.0.113.77' }), click({ ip: '203.0.114.1' })],
      ['blacklist', { ips: ['2001:db8:1::/48'] }, click({ ip: '2001:db8:1::99' }), click({ ip: '2001:db8:2::1' })],
      ['blacklist', { ips: ['198.51.100.7'] }, click({ ip: '::ffff:198.51.100.7' }), click({ ip: '198.51.100.8' })],
      [
        'blacklist',
        { userAgents: ['HeadlessChrome'] },
        click({ userAgent: 'Mozilla/5.0 headlesschrome/120' }),
        click(),
      ],
      ['device', { devices: ['bot'] }, click({ userAgent: UA.googlebot }), click()],
      ['device', { devices: ['bot'] }, click({ userAgent: '' }), click({ userAgent: UA.iphone })],
      ['device', { devices: ['mobile'] }, click({ userAgent: UA.android }), click({ userAgent: UA.ipad })],
      ['device', { devices: ['tablet'] }, click({ userAgent: UA.ipad }), click({ userAgent: UA.iphone })],
      ['device', { devices: ['desktop'] }, click(), click({ userAgent: UA.android })],
      ['device', { os: ['ios'] }, click({ userAgent: UA.iphone }), click({ userAgent: UA.android })],
      [
        'device',
        { devices: ['mobile'], os: ['android'] },
        click({ userAgent: UA.android }),
        click({ userAgent: UA.iphone }),
      ],
      // A device the caller already read wins over the user agent, except for bots.
      [
        'device',
        { devices: ['tablet'] },
        click({ userAgent: UA.android, device: 'tablet' }),
        click({ userAgent: UA.googlebot, device: 'tablet' }),
      ],
    ]
    for (const action of ['mark', 'block'] as const) {
      for (const [type, settings, hit, miss] of cases) {
        const rules = compileFraudRules(1, [rule({ id: 5, action, type, ...settings })])
        assert.deepEqual(
          evaluateFraud(rules, hit),
          { action, ruleIds: [5], reasons: [type] },
          `${action} ${type} ${JSON.stringify(settings)} hit`
        )
        assert.deepEqual(
          evaluateFraud(rules, miss),
          { action: 'none', ruleIds: [], reasons: [] },
          `${action} ${type} ${JSON.stringify(settings)} miss`
        )
      }
    }
  })

  test('include and exclude scopes of brands, campaigns and affiliates', ({ assert }) => {
    const dataCentreClick = (over = {}) => click({ ip: IP.aws, ...over })
    for (const action of ['mark', 'block'] as const) {
      for (const [scope, field, id] of [
        ['brand', 'brandId', 1],
        ['campaign', 'campaignId', 10],
        ['affiliate', 'affiliateId', 100],
      ] as const) {
        const included = compileFraudRules(1, [
          rule({ id: 1, action, type: 'data_center', [`${scope}Selection`]: 'include', [`${scope}Ids`]: [id] }),
        ])
        const excluded = compileFraudRules(1, [
          rule({ id: 2, action, type: 'data_center', [`${scope}Selection`]: 'exclude', [`${scope}Ids`]: [id] }),
        ])
        assert.equal(evaluateFraud(included, dataCentreClick()).action, action, `${scope} include, listed`)
        assert.equal(
          evaluateFraud(included, dataCentreClick({ [field]: id + 1 })).action,
          'none',
          `${scope} include, not listed`
        )
        assert.equal(evaluateFraud(excluded, dataCentreClick()).action, 'none', `${scope} exclude, listed`)
        assert.equal(
          evaluateFraud(excluded, dataCentreClick({ [field]: id + 1 })).action,
          action,
          `${scope} exclude, not listed`
        )
      }
    }
    // Every scope must cover the click.
    const all = compileFraudRules(1, [
      rule({
        id: 3,
        action: 'block',
        type: 'data_center',
        brandSelection: 'include',
        brandIds: [1],
        campaignSelection: 'exclude',
        campaignIds: [10],
      }),
    ])
    assert.equal(evaluateFraud(all, dataCentreClick()).action, 'none')
    assert.equal(evaluateFraud(all, dataCentreClick({ campaignId: 11 })).action, 'block')
  })

  test('block wins over mark; every matching rule and reason is reported', ({ assert }) => {
    const rules = compileFraudRules(1, [
      rule({ id: 9, action: 'mark', type: 'device', devices: ['bot'] }),
      rule({ id: 4, action: 'block', type: 'data_center' }),
      rule({ id: 7, action: 'mark', type: 'blacklist', userAgents: ['googlebot'] }),
      rule({ id: 8, action: 'block', type: 'proxy' }),
    ])
    assert.deepEqual(evaluateFraud(rules, click({ ip: IP.aws, userAgent: UA.googlebot })), {
      action: 'block',
      ruleIds: [4, 7, 9],
      reasons: ['device', 'data_center', 'blacklist'],
    })
    assert.deepEqual(evaluateFraud(rules, click({ userAgent: UA.googlebot })), {
      action: 'mark',
      ruleIds: [7, 9],
      reasons: ['device', 'blacklist'],
    })
    assert.deepEqual(evaluateFraud(rules, click({ ip: IP.tor })), { action: 'block', ruleIds: [8], reasons: ['proxy'] })
    assert.deepEqual(evaluateFraud(rules, click({ ip: 'garbage' })), { action: 'none', ruleIds: [], reasons: [] })
    assert.deepEqual(evaluateFraud(compileFraudRules(1, []), click({ ip: IP.aws })), {
      action: 'none',
      ruleIds: [],
      reasons: [],
    })
  })

  test('loadFraudRules reads the active rules written through the API', async ({ client, assert }) => {
    const { token, org } = await createTenant('admin')
    const brandId = await brand(org.id)
    const block = (
      await client
        .post(RULES)
        .bearerToken(token)
        .json({ name: 'Bots', action: 'block', type: 'device', devices: ['bot'], brandIds: [brandId] })
    ).body().data
    const mark = (
      await client.post(RULES).bearerToken(token).json({ name: 'DC', action: 'mark', type: 'data_center' })
    ).body().data
    await client
      .post(RULES)
      .bearerToken(token)
      .json({ name: 'Off', action: 'block', type: 'blacklist', ips: ['0.0.0.0/0'], status: 'inactive' })
    const rules = await loadFraudRules(org.id)
    assert.deepEqual(
      rules.rules.map((loaded) => loaded.id),
      [block.id, mark.id]
    )
    assert.deepEqual(evaluateFraud(rules, click({ brandId, ip: IP.aws, userAgent: UA.googlebot })), {
      action: 'block',
      ruleIds: [block.id, mark.id],
      reasons: ['device', 'data_center'],
    })
    assert.deepEqual(evaluateFraud(rules, click({ brandId: brandId + 1, ip: IP.aws, userAgent: UA.googlebot })), {
      action: 'mark',
      ruleIds: [mark.id],
      reasons: ['data_center'],
    })
    assert.equal(evaluateFraud(rules, click({ brandId })).action, 'none')
  })
})
