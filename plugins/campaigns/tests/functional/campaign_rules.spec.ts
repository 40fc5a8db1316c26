import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, installTestPlugin } from '@affix/core/testing'
import { onInvalidation, type Invalidation } from '@affix/core/kernel'
import { campaignActivity } from '../../src/services/activity.js'
import { rulesForTracking } from '../../src/rules/for_tracking.js'
import { loadTrackingCampaign } from '../../src/services/tracking.js'

const CAMPAIGNS = '/api/v1/campaigns/campaigns'
const BRANDS = '/api/v1/brands/brands'

/** A tenant with a brand and a campaign (inserted directly: only the table is needed here). */
async function setup(client: any) {
  const admin = await createTenant('admin')
  const brand = (await client.post(BRANDS).bearerToken(admin.token).json({ name: 'Lucky' })).body().data
  const campaignId = await insertCampaign(admin.org.id, brand.id)
  return { admin, orgId: admin.org.id, brand, campaignId, url: `${CAMPAIGNS}/${campaignId}` }
}

async function insertCampaign(organizationId: number, brandId: number, extra: Record<string, unknown> = {}) {
  const [row] = await db
    .insertQuery()
    .table('campaigns')
    .insert({
      organization_id: organizationId,
      brand_id: brandId,
      title: 'Welcome CPA',
      default_url: 'https://lucky.example/?c={click_id}',
      currency: 'USD',
      ...extra,
    })
    .returning('id')
  return Number(row.id)
}

async function insertGroup(organizationId: number, name: string) {
  const [row] = await db
    .insertQuery()
    .table('affiliate_groups')
    .insert({ organization_id: organizationId, name })
    .returning('id')
  return Number(row.id)
}

/** The message of `field` in a 422, in en and pt. */
async function expectField(
  assert: any,
  send: (language: string) => Promise<any>,
  field: string,
  en: string,
  pt: string
) {
  for (const [language, message] of [
    ['en', en],
    ['pt', pt],
  ]) {
    const response = await send(language)
    response.assertStatus(422)
    const found = response.body().error.fields?.find((entry: any) => entry.field === field)
    assert.equal(found?.message, message, `${field} (${language}): ${JSON.stringify(response.body().error)}`)
  }
}

const cpa = (extra: Record<string, unknown> = {}) => ({ model: 'cpa', goal: 'ftd', cpaPayout: '50.00', ...extra })

test.group('campaign rules: payout plans', () => {
  test('no plan yet is null; each model saves its fields as decimal strings', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const empty = await client.get(`${url}/payout`).bearerToken(admin.token)
    empty.assertStatus(200)
    assert.isNull(empty.body().data)

    const saved = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(
        cpa({
          cpaPayout: 50.5,
          cpaRegP: '2.25',
          qftd: { minDeposit: '20', daysSinceRegistration: 7 },
          defaultPayout: 10,
          coverageCountries: ['br', 'PT'],
          rules: [{ variable: 'c_deposit', operator: 'gte', value: 100, numberOfDays: 30, cumulativeDeposit: '250.5' }],
        })
      )
    saved.assertStatus(200)
    const plan = saved.body().data
    assert.include(plan, {
      model: 'cpa',
      goal: 'ftd',
      cpaPayout: '50.50',
      cpaRegP: '2.25',
      cpsNgrP: null,
      defaultPayout: '10.00',
    })
    assert.deepEqual(plan.qftd, { minDeposit: '20.00', daysSinceRegistration: 7 })
    assert.deepEqual(plan.coverageCountries, ['BR', 'PT'])
    assert.deepEqual(plan.rules, [
      {
        variable: 'c_deposit',
        operator: 'gte',
        value: '100.00',
        numberOfDays: 30,
        cumulativeDeposit: '250.50',
        isPercentage: false,
      },
    ])
    assert.deepEqual(plan.rangeRules, { enabled: false, mode: 'marginal', ranges: [] })
    assert.equal(plan.version, 1)
    const column = await db.from('campaign_payouts').where('campaign_id', plan.campaignId).select('cpa_payout').first()
    // Stored with 4 decimals (plan amounts may be smaller than a cent).
    assert.equal(column.cpa_payout, '50.5000')

    const revShare = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json({ model: 'cps', cpsNgrP: '35.5', cpsFtdP: 100 })
    revShare.assertStatus(200)
    assert.include(revShare.body().data, {
      model: 'cps',
      cpaPayout: null,
      cpsNgrP: '35.50',
      cpsFtdP: '100.00',
      goal: null,
    })

    const hybrid = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(cpa({ model: 'hybrid', cpsDP: 5 }))
    hybrid.assertStatus(200)
    assert.include(hybrid.body().data, { model: 'hybrid', cpaPayout: '50.00', cpsDP: '5.00' })

    const cumulative = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json({ model: 'cumulative_deposit', cpaCdP: 80, cumulativeDeposit: 500, numberOfDays: 14 })
    cumulative.assertStatus(200)
    assert.include(cumulative.body().data, { cpaCdP: '80.00', cumulativeDeposit: '500.00', numberOfDays: 14 })

    const cpc = await client.put(`${url}/payout`).bearerToken(admin.token).json({ model: 'cpc', cpaPayout: '0.15' })
    cpc.assertStatus(200)
    assert.include(cpc.body().data, { model: 'cpc', cpaPayout: '0.15', cumulativeDeposit: null })
  })

  test('every payout rule has its message (en and pt) and a refused save writes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, url, campaignId } = await setup(client)
    const put = (body: Record<string, unknown>) => (language: string) =>
      client.put(`${url}/payout`).bearerToken(admin.token).header('accept-language', language).json(body)
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{}, 'model', 'Payout model is required', 'Modelo de pagamento é obrigatório'],
      [{ model: 'flat' }, 'model', 'Please select a value', 'Por favor, selecione um valor'],
      [{ model: 'cpa', goal: 'ftd' }, 'cpaPayout', 'Payout is required', 'O pagamento é obrigatório'],
      [{ model: 'cpa', cpaPayout: 5 }, 'goal', 'Goal is required', 'A meta é obrigatória'],
      [cpa({ cpaPayout: 0 }), 'cpaPayout', 'Payout must be greater than 0', 'O pagamento deve ser maior que 0'],
      [cpa({ cpaPayout: '-3' }), 'cpaPayout', 'Payout must be greater than 0', 'O pagamento deve ser maior que 0'],
      [
        cpa({ cpaPayout: '1.00005' }),
        'cpaPayout',
        'CPA payout must have at most 4 decimal digits',
        'Pagamento CPA deve ter no máximo 4 casas decimais',
      ],
      [
        cpa({ cpsNgrP: 30 }),
        'cpsNgrP',
        'cpsNgrP is not part of a cpa plan: remove it',
        'cpsNgrP não faz parte de um plano cpa: remova-o',
      ],
      [
        { model: 'cps', cpsNgrP: 20, cumulativeDeposit: 100 },
        'cumulativeDeposit',
        'cumulativeDeposit is not part of a cps plan: remove it',
        'cumulativeDeposit não faz parte de um plano cps: remova-o',
      ],
      [
        cpa({ goal: 'c_deposit' }),
        'cumulativeDeposit',
        'The goal Cumulative deposit needs the cumulative deposit amount',
        'A meta Depósito cumulativo precisa do valor do depósito cumulativo',
      ],
      [
        {
          model: 'cps',
          cpsNgrP: 20,
          rangeRules: { enabled: true, mode: 'marginal', ranges: [{ from: 1, payout: 30 }] },
        },
        'rangeRules.mode',
        'Rev Share range rules always pay the tier the period reaches (mode whole)',
        'As regras de faixa de Rev Share sempre pagam a faixa que o período atinge (modo whole)',
      ],
      [
        cpa({ affiliatePayouts: [{ affiliateId: 1, cpaPayout: 5, cpsDP: 2 }] }),
        'affiliatePayouts.0.cpsDP',
        'cpsDP is not part of a cpa plan: remove it',
        'cpsDP não faz parte de um plano cpa: remova-o',
      ],
      [
        { model: 'cps', cpsNgrP: 100.01 },
        'cpsNgrP',
        'Payout must be greater than 0 and at most 100',
        'O pagamento deve ser maior que 0 e no máximo 100',
      ],
      [
        { model: 'cps', cpsFtdP: 0 },
        'cpsFtdP',
        'Payout must be greater than 0 and at most 100',
        'O pagamento deve ser maior que 0 e no máximo 100',
      ],
      [
        { model: 'cps' },
        'cpsNgrP',
        'At least one Rev Share percentage is required',
        'Informe pelo menos uma porcentagem de Rev Share',
      ],
      [
        { model: 'hybrid', goal: 'ftd', cpaPayout: 5 },
        'cpsNgrP',
        'At least one Rev Share percentage is required',
        'Informe pelo menos uma porcentagem de Rev Share',
      ],
      [
        { model: 'cumulative_deposit', cpaCdP: 5, numberOfDays: 3 },
        'cumulativeDeposit',
        'Cumulative deposit and number of days are required',
        'Depósito cumulativo e número de dias são obrigatórios',
      ],
      [
        { model: 'cumulative_deposit', cpaCdP: 5, cumulativeDeposit: 100 },
        'numberOfDays',
        'Cumulative deposit and number of days are required',
        'Depósito cumulativo e número de dias são obrigatórios',
      ],
      [
        cpa({ rules: [{ variable: 'c_deposit', operator: 'gt', value: 1, numberOfDays: 3 }] }),
        'rules.0.cumulativeDeposit',
        'Cumulative deposit and number of days are required',
        'Depósito cumulativo e número de dias são obrigatórios',
      ],
      [
        cpa({ rules: [{ variable: 'ngr', operator: 'gt', value: 100, isPercentage: true }] }),
        'rules.0.value',
        'Rate must be greater than 0 and less than 100',
        'A taxa deve ser maior que 0 e menor que 100',
      ],
      [
        cpa({ rules: [{ variable: 'ngr', operator: 'gt', value: 0, isPercentage: true }] }),
        'rules.0.value',
        'Rate must be greater than 0 and less than 100',
        'A taxa deve ser maior que 0 e menor que 100',
      ],
      [
        cpa({ cumulativeDeposit: 0 }),
        'cumulativeDeposit',
        'Cumulative deposit must be greater than 0',
        'Depósito cumulativo deve ser maior que 0',
      ],
      [
        cpa({ coverageCountries: ['XX'] }),
        'coverageCountries.0',
        'Coverage countries must be a valid 2-letter country code (ISO 3166)',
        'Países de cobertura deve ser um código de país válido de 2 letras (ISO 3166)',
      ],
      [
        cpa({
          rangeRules: { enabled: true, ranges: Array.from({ length: 11 }, (_, i) => ({ from: i + 1, payout: 10 })) },
        }),
        'rangeRules.ranges',
        'At most 10 range rules are allowed',
        'São permitidas no máximo 10 regras de faixa',
      ],
      [
        cpa({
          rangeRules: {
            enabled: true,
            ranges: [
              { from: 10, payout: 5 },
              { from: 10, payout: 6 },
            ],
          },
        }),
        'rangeRules.ranges.1.from',
        'Each range value must be greater than the previous one',
        'Cada valor de faixa deve ser maior que o anterior',
      ],
      [
        { model: 'cps', cpsNgrP: 20, rangeRules: { enabled: true, ranges: [{ from: 1, payout: 120 }] } },
        'rangeRules.ranges.0.payout',
        'Payout must be greater than 0 and at most 100',
        'O pagamento deve ser maior que 0 e no máximo 100',
      ],
      [
        cpa({ affiliatePayouts: [{ affiliateId: 1, cpsNgrP: 5 }] }),
        'affiliatePayouts.0',
        'Set at least one payout of the plan model',
        'Defina pelo menos um pagamento do modelo do plano',
      ],
      [
        cpa({
          affiliatePayouts: [
            { affiliateId: 1, cpaPayout: 5 },
            { affiliateId: 1, cpaPayout: 6 },
          ],
        }),
        'affiliatePayouts',
        'Each affiliate can have only one payout',
        'Cada afiliado pode ter apenas um pagamento',
      ],
    ]
    for (const [body, field, en, pt] of cases) await expectField(assert, put(body), field, en, pt)
    const count = await db.from('campaign_payouts').where('campaign_id', campaignId).count('* as count')
    assert.equal(Number(count[0].count), 0)
  })

  test('per-affiliate and per-group payouts: ids checked, replaced when sent, kept when not', async ({
    client,
    assert,
  }) => {
    const { admin, orgId, url } = await setup(client)
    const affiliate = await addUser(orgId, 'affiliate')
    const stranger = await createTenant('affiliate')
    const groupId = await insertGroup(orgId, 'VIP')
    const foreignGroup = await insertGroup(stranger.org.id, 'Other')

    const unknown = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(cpa({ affiliatePayouts: [{ affiliateId: stranger.user.id, cpaPayout: 60 }] }))
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.message, `Please select valid affiliates: ${stranger.user.id}`)
    const unknownGroup = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .header('accept-language', 'pt')
      .json(cpa({ groupPayouts: [{ groupId: foreignGroup, cpaPayout: 60 }] }))
    unknownGroup.assertStatus(422)
    assert.equal(unknownGroup.body().error.message, `Por favor, selecione grupos de afiliados válidos: ${foreignGroup}`)

    const saved = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(
        cpa({
          affiliatePayouts: [{ affiliateId: affiliate.user.id, cpaPayout: 70 }],
          groupPayouts: [{ groupId, cpaPayout: 65 }],
        })
      )
    saved.assertStatus(200)
    assert.lengthOf(saved.body().data.affiliatePayouts, 1)
    assert.include(saved.body().data.affiliatePayouts[0], {
      affiliateId: affiliate.user.id,
      cpaPayout: '70.00',
      cpsNgrP: null,
    })
    assert.deepInclude(saved.body().data.groupPayouts[0], { groupId, cpaPayout: '65.00' })

    // Not sent: kept.
    const kept = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(cpa({ cpaPayout: 55 }))
    assert.lengthOf(kept.body().data.affiliatePayouts, 1)
    assert.lengthOf(kept.body().data.groupPayouts, 1)
    // Sent empty: removed.
    const cleared = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(cpa({ groupPayouts: [] }))
    assert.lengthOf(cleared.body().data.groupPayouts, 0)
    assert.lengthOf(cleared.body().data.affiliatePayouts, 1)
    // Changing the model drops override fields of the old model; an override left empty goes.
    const toCps = await client.put(`${url}/payout`).bearerToken(admin.token).json({ model: 'cps', cpsNgrP: 25 })
    toCps.assertStatus(200)
    assert.lengthOf(toCps.body().data.affiliatePayouts, 0)
  })

  test('an affiliate reads its own payout (own override, else its group, else the plan) and nobody else’s', async ({
    client,
    assert,
  }) => {
    const { admin, orgId, url, campaignId } = await setup(client)
    const own = await addUser(orgId, 'affiliate')
    const grouped = await addUser(orgId, 'affiliate')
    const plain = await addUser(orgId, 'affiliate')
    const groupId = await insertGroup(orgId, 'VIP')
    await db
      .insertQuery()
      .table('affiliate_profiles')
      .insert({ user_id: grouped.user.id, organization_id: orgId, group_id: groupId })
    ;(
      await client
        .put(`${url}/payout`)
        .bearerToken(admin.token)
        .json(
          cpa({
            cpaFtdP: 3,
            affiliatePayouts: [{ affiliateId: own.user.id, cpaPayout: 90 }],
            groupPayouts: [{ groupId, cpaPayout: 75, cpaFtdP: 4 }],
          })
        )
    ).assertStatus(200)

    const mine = (await client.get(`${url}/payout`).bearerToken(own.token)).body().data
    assert.include(mine, { cpaPayout: '90.00', cpaFtdP: '3.00', appliedOverride: 'affiliate' })
    assert.deepEqual(mine.affiliatePayouts, [])
    assert.deepEqual(mine.groupPayouts, [])
    const viaGroup = (await client.get(`${url}/payout`).bearerToken(grouped.token)).body().data
    assert.include(viaGroup, { cpaPayout: '75.00', cpaFtdP: '4.00', appliedOverride: 'group' })
    const base = (await client.get(`${url}/payout`).bearerToken(plain.token)).body().data
    assert.include(base, { cpaPayout: '50.00', appliedOverride: null })

    // Affiliates never change plans, caps or rule blocks.
    ;(await client.put(`${url}/payout`).bearerToken(own.token).json(cpa())).assertStatus(403)
    // A blocked affiliate does not see the campaign at all.
    await db
      .insertQuery()
      .table('campaign_blocked_affiliates')
      .insert({ organization_id: orgId, campaign_id: campaignId, affiliate_id: plain.user.id })
    ;(await client.get(`${url}/payout`).bearerToken(plain.token)).assertStatus(404)
  })

  test('an AFM manages payouts of its own affiliates only', async ({ client, assert }) => {
    const { admin, orgId, url, campaignId } = await setup(client)
    const afm = await addUser(orgId, 'afm')
    const mine = await addUser(orgId, 'affiliate')
    const theirs = await addUser(orgId, 'affiliate')
    await db
      .insertQuery()
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: afm.user.id, affiliate_id: mine.user.id })
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    ;(
      await client
        .put(`${url}/payout`)
        .bearerToken(admin.token)
        .json(cpa({ affiliatePayouts: [{ affiliateId: theirs.user.id, cpaPayout: 61 }] }))
    ).assertStatus(200)
    const scope = await client.get(`${url}/payout`).bearerToken(afm.token)
    scope.assertStatus(200)
    const visible = scope.body().data.affiliatePayouts.map((entry: any) => entry.affiliateId)
    assert.deepEqual(visible, [])
    const refused = await client
      .put(`${url}/payout`)
      .bearerToken(afm.token)
      .json(cpa({ affiliatePayouts: [{ affiliateId: theirs.user.id, cpaPayout: 1 }] }))
    refused.assertStatus(422)
    const saved = await client
      .put(`${url}/payout`)
      .bearerToken(afm.token)
      .json(cpa({ affiliatePayouts: [{ affiliateId: mine.user.id, cpaPayout: 62 }] }))
    saved.assertStatus(200)
    const rows = await db
      .from('campaign_payout_overrides')
      .where('campaign_id', campaignId)
      .whereNotNull('affiliate_id')
      .orderBy('affiliate_id')
      .select('affiliate_id', 'cpa_payout')
    assert.deepEqual(
      rows.map((row) => [Number(row.affiliate_id), row.cpa_payout]),
      [
        [mine.user.id, '62.0000'],
        [theirs.user.id, '61.0000'],
      ].sort((a, b) => Number(a[0]) - Number(b[0]))
    )
  })

  test('range rules, once enabled, can only be removed; a disabled draft can change', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const put = (body: Record<string, unknown>, language = 'en') =>
      client.put(`${url}/payout`).bearerToken(admin.token).header('accept-language', language).json(body)
    const draft = await put(cpa({ rangeRules: { enabled: false, ranges: [{ from: 1, payout: 10 }] } }))
    draft.assertStatus(200)
    assert.deepEqual(draft.body().data.rangeRules, {
      enabled: false,
      mode: 'marginal',
      ranges: [{ from: '1.00', payout: '10.00' }],
    })
    const ranges = [
      { from: 1, payout: 10 },
      { from: 10, payout: 15 },
      { from: '50.5', payout: 20 },
    ]
    const enabled = await put(cpa({ rangeRules: { enabled: true, ranges } }))
    enabled.assertStatus(200)
    assert.deepEqual(enabled.body().data.rangeRules.ranges[2], { from: '50.50', payout: '20.00' })
    // The same ranges again (a form saving everything) and no rangeRules at all are fine.
    ;(await put(cpa({ rangeRules: { enabled: true, ranges } }))).assertStatus(200)
    ;(await put(cpa({ cpaPayout: 51 }))).assertStatus(200)

    for (const rangeRules of [
      { enabled: false, ranges },
      { enabled: true, ranges: [...ranges, { from: 100, payout: 30 }] },
      { enabled: true, ranges: [{ from: 1, payout: 11 }, ...ranges.slice(1)] },
      { enabled: true, mode: 'whole', ranges },
    ]) {
      for (const [language, message] of [
        ['en', 'Range rules, once enabled, can only be removed'],
        ['pt', 'As regras de faixa, uma vez ativadas, só podem ser removidas'],
      ]) {
        const refused = await put(cpa({ rangeRules }), language)
        refused.assertStatus(422)
        assert.equal(refused.body().error.message, message)
        assert.equal(refused.body().error.fields[0].field, 'rangeRules')
      }
    }
    const after = (await client.get(`${url}/payout`).bearerToken(admin.token)).body().data
    assert.lengthOf(after.rangeRules.ranges, 3)
    assert.isTrue(after.rangeRules.enabled)

    const removed = await put(cpa({ rangeRules: null }))
    removed.assertStatus(200)
    assert.deepEqual(removed.body().data.rangeRules, { enabled: false, mode: 'marginal', ranges: [] })
    // Removed, they may be set up again.
    ;(await put(cpa({ rangeRules: { enabled: true, ranges: [{ from: 5, payout: 1 }] } }))).assertStatus(200)
    ;(await put(cpa({ rangeRules: { enabled: true, ranges: [] } }))).assertStatus(200)
  })

  test('the commission engine’s plan: 4 decimals, range mode, goal c_deposit keeps its settings, every save a version', async ({
    client,
    assert,
  }) => {
    const { admin, orgId, url, campaignId } = await setup(client)
    const affiliate = await addUser(orgId, 'affiliate')
    const saved = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(
        cpa({
          goal: 'c_deposit',
          cpaPayout: '0.0125',
          cpaCdP: 12.3456,
          cumulativeDeposit: '250.5',
          numberOfDays: 30,
          rangeRules: { enabled: true, mode: 'whole', ranges: [{ from: 5, payout: '60.125' }] },
          affiliatePayouts: [{ affiliateId: affiliate.user.id, cpaCdP: '13.0001' }],
        })
      )
    saved.assertStatus(200)
    const plan = saved.body().data
    assert.include(plan, {
      goal: 'c_deposit',
      cpaPayout: '0.0125',
      cpaCdP: '12.3456',
      cumulativeDeposit: '250.50',
      numberOfDays: 30,
      version: 1,
    })
    assert.deepEqual(plan.rangeRules, { enabled: true, mode: 'whole', ranges: [{ from: '5.00', payout: '60.125' }] })
    assert.include(plan.affiliatePayouts[0], { cpaCdP: '13.0001' })

    // What the engine reads, through the contract.
    const { payoutPlans } = await import('@affix/campaigns/contracts')
    const forEngine = (await payoutPlans(orgId, [campaignId])).get(campaignId)!
    assert.include(forEngine.plan, { version: 1, model: 'cpa', goal: 'c_deposit', cpaCdP: '12.3456', numberOfDays: 30 })
    assert.deepEqual(forEngine.plan.rangeRules, { mode: 'whole', ranges: [{ from: 5, payout: '60.125' }] })
    assert.equal(forEngine.affiliatePayouts[affiliate.user.id].cpaCdP, '13.0001')

    const again = await client
      .put(`${url}/payout`)
      .bearerToken(admin.token)
      .json(cpa({ cpaPayout: 51 }))
    again.assertStatus(200)
    assert.equal(again.body().data.version, 2)
    const versions = await db
      .from('campaign_payout_versions')
      .where('campaign_id', campaignId)
      .orderBy('version')
      .select('version', 'plan')
    assert.deepEqual(
      versions.map((row) => [row.version, row.plan.cpaPayout, row.plan.goal]),
      [
        [1, '0.0125', 'c_deposit'],
        [2, '51.00', 'ftd'],
      ]
    )
  })

  test('model and goal are locked while the campaign has activity; amounts are not', async ({ client, assert }) => {
    const { admin, url, campaignId } = await setup(client)
    ;(await client.put(`${url}/payout`).bearerToken(admin.token).json(cpa())).assertStatus(200)
    const active = new Set([campaignId])
    const stop = installTestPlugin({
      id: 'test-activity',
      dependsOn: ['campaigns'],
      hooks: [campaignActivity.provide(async (_orgId, id) => active.has(id))],
    })
    try {
      for (const [body, language, message] of [
        [
          { model: 'cps', cpsNgrP: 20 },
          'en',
          'The payout plan can change only while the campaign has no customers or activity',
        ],
        [
          cpa({ goal: 'leads' }),
          'pt',
          'O plano de pagamento só pode mudar enquanto a campanha não tiver clientes nem atividade',
        ],
      ] as const) {
        const locked = await client
          .put(`${url}/payout`)
          .bearerToken(admin.token)
          .header('accept-language', language)
          .json(body)
        locked.assertStatus(409)
        assert.equal(locked.body().error.message, message)
      }
      const amount = await client
        .put(`${url}/payout`)
        .bearerToken(admin.token)
        .json(cpa({ cpaPayout: 99 }))
      amount.assertStatus(200)
      assert.include(amount.body().data, { model: 'cpa', goal: 'ftd', cpaPayout: '99.00' })
      active.clear()
      ;(await client.put(`${url}/payout`).bearerToken(admin.token).json({ model: 'cps', cpsNgrP: 20 })).assertStatus(
        200
      )
    } finally {
      stop()
    }
  })
})

test.group('campaign rules: caps', () => {
  test('create, list, update and delete caps', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const created = await client
      .post(`${url}/caps`)
      .bearerToken(admin.token)
      .json({
        variable: 'clicks',
        type: 'combined',
        visibility: 'public',
        action: 'reject_activity',
        limits: { hourly: 10, daily: 100, monthly: 1000 },
      })
    created.assertStatus(201)
    const cap = created.body().data
    assert.deepEqual(cap.limits, { hourly: 10, daily: 100, fifteenDays: null, monthly: 1000, lifetime: null })
    const updated = await client
      .patch(`${url}/caps/${cap.id}`)
      .bearerToken(admin.token)
      .json({ action: 'pause_campaign', limits: { lifetime: 5 } })
    updated.assertStatus(200)
    assert.include(updated.body().data, { action: 'pause_campaign', variable: 'clicks' })
    assert.deepEqual(updated.body().data.limits, {
      hourly: null,
      daily: null,
      fifteenDays: null,
      monthly: null,
      lifetime: 5,
    })
    const put = await client
      .put(`${url}/caps/${cap.id}`)
      .bearerToken(admin.token)
      .json({ ...updated.body().data, visibility: 'private' })
    put.assertStatus(200)
    assert.equal(put.body().data.visibility, 'private')
    const listed = await client.get(`${url}/caps`).bearerToken(admin.token)
    assert.deepEqual(
      listed.body().data.map((row: any) => row.id),
      [cap.id]
    )
    const one = await client.get(`${url}/caps/${cap.id}`).bearerToken(admin.token)
    one.assertStatus(200)
    assert.deepEqual(one.body().data, listed.body().data[0])
    ;(await client.delete(`${url}/caps/${cap.id}`).bearerToken(admin.token)).assertStatus(200)
    ;(await client.get(`${url}/caps/${cap.id}`).bearerToken(admin.token)).assertStatus(404)
    ;(await client.delete(`${url}/caps/${cap.id}`).bearerToken(admin.token)).assertStatus(404)
    ;(await client.patch(`${url}/caps/abc`).bearerToken(admin.token).json({ action: 'pause_campaign' })).assertStatus(
      404
    )
  })

  test('every cap rule has its message (en and pt)', async ({ client, assert }) => {
    const { admin, url, campaignId } = await setup(client)
    const base = { variable: 'ftd', type: 'each_affiliate', visibility: 'private', action: 'disable_campaign' }
    const post = (body: Record<string, unknown>) => (language: string) =>
      client.post(`${url}/caps`).bearerToken(admin.token).header('accept-language', language).json(body)
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { ...base, visibility: undefined, limits: { daily: 1 } },
        'visibility',
        'Visibility, action and type are required',
        'Visibilidade, ação e tipo são obrigatórios',
      ],
      [
        { ...base, action: undefined, limits: { daily: 1 } },
        'action',
        'Visibility, action and type are required',
        'Visibilidade, ação e tipo são obrigatórios',
      ],
      [
        { ...base, type: undefined, limits: { daily: 1 } },
        'type',
        'Visibility, action and type are required',
        'Visibilidade, ação e tipo são obrigatórios',
      ],
      [
        { ...base, variable: undefined, limits: { daily: 1 } },
        'variable',
        'Variable is required',
        'Variável é obrigatório',
      ],
      [
        { ...base, variable: 'bets', limits: { daily: 1 } },
        'variable',
        'Please select a value',
        'Por favor, selecione um valor',
      ],
      [
        { ...base },
        'limits',
        'At least one limit (hourly, daily, 15-day, monthly or lifetime) is required',
        'É obrigatório pelo menos um limite (por hora, diário, 15 dias, mensal ou vitalício)',
      ],
      [
        { ...base, limits: { daily: null, monthly: null } },
        'limits',
        'At least one limit (hourly, daily, 15-day, monthly or lifetime) is required',
        'É obrigatório pelo menos um limite (por hora, diário, 15 dias, mensal ou vitalício)',
      ],
      [
        { ...base, limits: { daily: 0 } },
        'limits.daily',
        'Value must be greater than 0',
        'O valor deve ser maior que 0',
      ],
      [
        { ...base, limits: { lifetime: -5 } },
        'limits.lifetime',
        'Value must be greater than 0',
        'O valor deve ser maior que 0',
      ],
      [
        { ...base, limits: { daily: 100, fifteenDays: 100 } },
        'limits.daily',
        'Daily limit must be below the 15-day and monthly limits',
        'O limite diário deve ser menor que os limites de 15 dias e mensal',
      ],
      [
        { ...base, limits: { daily: 101, monthly: 100 } },
        'limits.daily',
        'Daily limit must be below the 15-day and monthly limits',
        'O limite diário deve ser menor que os limites de 15 dias e mensal',
      ],
      [
        { ...base, limits: { fifteenDays: 500, monthly: 400 } },
        'limits.fifteenDays',
        '15-day limit must be below the monthly limit',
        'O limite de 15 dias deve ser menor que o limite mensal',
      ],
      [
        { ...base, limits: { hourly: 50, daily: 50 } },
        'limits.hourly',
        'Hourly limit must be below the daily, 15-day and monthly limits',
        'O limite por hora deve ser menor que os limites diário, de 15 dias e mensal',
      ],
    ]
    for (const [body, field, en, pt] of cases) await expectField(assert, post(body), field, en, pt)
    const decimal = await client
      .post(`${url}/caps`)
      .bearerToken(admin.token)
      .json({ ...base, limits: { daily: 1.5 } })
    decimal.assertStatus(422)
    // A lifetime limit may be anything: it is not compared with the periods.
    ;(
      await client
        .post(`${url}/caps`)
        .bearerToken(admin.token)
        .json({ ...base, limits: { monthly: 100, lifetime: 10 } })
    ).assertStatus(201)
    assert.equal(Number((await db.from('campaign_caps').where('campaign_id', campaignId).count('* as c'))[0].c), 1)

    // An update is checked against the saved limits it keeps; a cleared required field is refused.
    const capId = (await db.from('campaign_caps').where('campaign_id', campaignId).first()).id
    const cleared = await client.patch(`${url}/caps/${capId}`).bearerToken(admin.token).json({ visibility: null })
    cleared.assertStatus(422)
    assert.equal(cleared.body().error.fields[0].message, 'Visibility, action and type are required')
    const merged = await client
      .patch(`${url}/caps/${capId}`)
      .bearerToken(admin.token)
      .json({ limits: { daily: 100, monthly: 100 } })
    merged.assertStatus(422)
  })

  test('an affiliate sees only public caps and cannot change them', async ({ client, assert }) => {
    const { admin, orgId, url } = await setup(client)
    const affiliate = await addUser(orgId, 'affiliate')
    const make = (visibility: string) =>
      client
        .post(`${url}/caps`)
        .bearerToken(admin.token)
        .json({ variable: 'leads', type: 'combined', visibility, action: 'reject_activity', limits: { daily: 5 } })
    const open = (await make('public')).body().data
    const hidden = (await make('private')).body().data
    const seen = await client.get(`${url}/caps`).bearerToken(affiliate.token)
    seen.assertStatus(200)
    assert.deepEqual(
      seen.body().data.map((cap: any) => cap.id),
      [open.id]
    )
    assert.lengthOf((await client.get(`${url}/caps`).bearerToken(admin.token)).body().data, 2)
    ;(await client.get(`${url}/caps/${open.id}`).bearerToken(affiliate.token)).assertStatus(200)
    ;(await client.get(`${url}/caps/${hidden.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(
      await client
        .post(`${url}/caps`)
        .bearerToken(affiliate.token)
        .json({
          variable: 'leads',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 5 },
        })
    ).assertStatus(403)
    ;(await client.delete(`${url}/caps/${open.id}`).bearerToken(affiliate.token)).assertStatus(403)
    ;(await client.get(`${url}/rule-blocks`).bearerToken(affiliate.token)).assertStatus(403)
    const block = (await client.post(`${url}/rule-blocks`).bearerToken(admin.token).json(countryBlock)).body().data
    ;(await client.get(`${url}/rule-blocks/${block.id}`).bearerToken(affiliate.token)).assertStatus(403)
  })
})

const countryBlock = {
  name: 'Brazil mobile',
  logic: 'and',
  conditions: [
    { field: 'country', operator: 'in', values: ['br', 'PT'] },
    { field: 'device', operator: 'in', values: ['Mobile'] },
  ],
}

test.group('campaign rules: targeting rule blocks', () => {
  test('create, list, update and delete rule blocks; values are normalised', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const created = await client.post(`${url}/rule-blocks`).bearerToken(admin.token).json(countryBlock)
    created.assertStatus(201)
    const block = created.body().data
    assert.deepEqual(block.conditions, [
      { field: 'country', operator: 'in', values: ['BR', 'PT'] },
      { field: 'device', operator: 'in', values: ['mobile'] },
    ])
    const updated = await client
      .patch(`${url}/rule-blocks/${block.id}`)
      .bearerToken(admin.token)
      .json({
        logic: 'or',
        conditions: [
          {
            field: 'ip_range',
            operator: 'not_in',
            values: ['10.0.0.0/8', '192.168.1.1 - 192.168.1.9', '2001:db8::/32'],
          },
          { field: 'language', operator: 'in', values: ['pt-BR', 'en'] },
        ],
      })
    updated.assertStatus(200)
    assert.include(updated.body().data, { logic: 'or', name: 'Brazil mobile' })
    assert.deepEqual(updated.body().data.conditions[0].values, [
      '10.0.0.0/8',
      '192.168.1.1-192.168.1.9',
      '2001:db8::/32',
    ])
    const replaced = await client
      .put(`${url}/rule-blocks/${block.id}`)
      .bearerToken(admin.token)
      .json({ ...updated.body().data, name: 'Renamed' })
    replaced.assertStatus(200)
    assert.equal(replaced.body().data.name, 'Renamed')
    assert.lengthOf((await client.get(`${url}/rule-blocks`).bearerToken(admin.token)).body().data, 1)
    const one = await client.get(`${url}/rule-blocks/${block.id}`).bearerToken(admin.token)
    one.assertStatus(200)
    assert.deepEqual(one.body().data, replaced.body().data)
    ;(await client.delete(`${url}/rule-blocks/${block.id}`).bearerToken(admin.token)).assertStatus(200)
    ;(await client.get(`${url}/rule-blocks/${block.id}`).bearerToken(admin.token)).assertStatus(404)
    assert.lengthOf((await client.get(`${url}/rule-blocks`).bearerToken(admin.token)).body().data, 0)
  })

  test('every rule block rule has its message (en and pt)', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const post = (body: Record<string, unknown>) => (language: string) =>
      client.post(`${url}/rule-blocks`).bearerToken(admin.token).header('accept-language', language).json(body)
    const one = (field: string, values: string[]) => ({
      name: 'B',
      logic: 'and',
      conditions: [{ field, operator: 'in', values }],
    })
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ ...countryBlock, name: '' }, 'name', 'Name is required', 'Nome é obrigatório'],
      [{ ...countryBlock, logic: 'xor' }, 'logic', 'Please select a value', 'Por favor, selecione um valor'],
      [
        { ...countryBlock, conditions: [] },
        'conditions',
        'Add at least one condition',
        'Adicione pelo menos uma condição',
      ],
      [one('country', []), 'conditions.0.values', 'Add at least one value', 'Adicione pelo menos um valor'],
      [one('city', ['x']), 'conditions.0.field', 'Please select a value', 'Por favor, selecione um valor'],
      [
        one('country', ['BR', 'ZZ']),
        'conditions.0.values.1',
        'ZZ is not a valid 2-letter country code (ISO 3166)',
        'ZZ não é um código de país válido de 2 letras (ISO 3166)',
      ],
      [
        one('device', ['phone']),
        'conditions.0.values.0',
        'Device must be desktop, mobile or tablet',
        'O dispositivo deve ser desktop, mobile ou tablet',
      ],
      [
        one('language', ['português']),
        'conditions.0.values.0',
        'português is not a valid language code',
        'português não é um código de idioma válido',
      ],
      [
        one('ip', ['10.0.0.256']),
        'conditions.0.values.0',
        '10.0.0.256 is not a valid IP address',
        '10.0.0.256 não é um endereço IP válido',
      ],
      [
        one('ip_range', ['10.0.0.0/33']),
        'conditions.0.values.0',
        '10.0.0.0/33 is not a valid IP range (CIDR such as 10.0.0.0/8, or start-end)',
        '10.0.0.0/33 não é uma faixa de IP válida (CIDR como 10.0.0.0/8, ou início-fim)',
      ],
      [
        one('ip_range', ['10.0.0.9-10.0.0.1']),
        'conditions.0.values.0',
        '10.0.0.9-10.0.0.1 is not a valid IP range (CIDR such as 10.0.0.0/8, or start-end)',
        '10.0.0.9-10.0.0.1 não é uma faixa de IP válida (CIDR como 10.0.0.0/8, ou início-fim)',
      ],
    ]
    for (const [body, field, en, pt] of cases) await expectField(assert, post(body), field, en, pt)
  })
})

test.group('campaign rules: locks, isolation and the click path', () => {
  test('nothing of a campaign whose brand is deleted changes', async ({ client, assert }) => {
    const { admin, url, brand, campaignId } = await setup(client)
    const capId = (
      await client
        .post(`${url}/caps`)
        .bearerToken(admin.token)
        .json({
          variable: 'clicks',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 5 },
        })
    ).body().data.id
    await db.from('brands').where('id', brand.id).update({ deleted_at: new Date() })
    const cap = { variable: 'clicks', type: 'combined', visibility: 'public', action: 'reject_activity', limits: {} }
    const attempts: Array<[() => any, Record<string, unknown>]> = [
      [() => client.put(`${url}/payout`).bearerToken(admin.token), cpa()],
      [() => client.post(`${url}/caps`).bearerToken(admin.token), { ...cap, limits: { daily: 7 } }],
      [() => client.patch(`${url}/caps/${capId}`).bearerToken(admin.token), { limits: { daily: 9 } }],
      [() => client.delete(`${url}/caps/${capId}`).bearerToken(admin.token), {}],
      [() => client.post(`${url}/rule-blocks`).bearerToken(admin.token), countryBlock],
    ]
    for (const [attempt, body] of attempts) {
      for (const [language, message] of [
        ['en', 'Cannot perform this action for a campaign with deleted Brand'],
        ['pt', 'Não é possível realizar esta ação para uma campanha com Marca excluída'],
      ]) {
        const response = await attempt().header('accept-language', language).json(body)
        response.assertStatus(422)
        assert.equal(response.body().error.message, message)
      }
    }
    // Reading still works.
    ;(await client.get(`${url}/caps`).bearerToken(admin.token)).assertStatus(200)
    assert.equal(Number((await db.from('campaign_caps').where('campaign_id', campaignId).count('* as c'))[0].c), 1)
  })

  test('another organisation sees and changes nothing', async ({ client, assert }) => {
    const { admin, url } = await setup(client)
    const capId = (
      await client
        .post(`${url}/caps`)
        .bearerToken(admin.token)
        .json({
          variable: 'clicks',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 5 },
        })
    ).body().data.id
    const blockId = (await client.post(`${url}/rule-blocks`).bearerToken(admin.token).json(countryBlock)).body().data.id
    ;(await client.put(`${url}/payout`).bearerToken(admin.token).json(cpa())).assertStatus(200)
    const other = await setup(client)
    for (const response of [
      await client.get(`${url}/payout`).bearerToken(other.admin.token),
      await client.put(`${url}/payout`).bearerToken(other.admin.token).json(cpa()),
      await client.get(`${url}/caps`).bearerToken(other.admin.token),
      await client.delete(`${url}/caps/${capId}`).bearerToken(other.admin.token),
      await client.get(`${url}/rule-blocks`).bearerToken(other.admin.token),
      await client.patch(`${url}/rule-blocks/${blockId}`).bearerToken(other.admin.token).json({ name: 'x' }),
      // Its own campaign with a foreign cap / block id: not found either.
      await client.delete(`${other.url}/caps/${capId}`).bearerToken(other.admin.token),
      await client.delete(`${other.url}/rule-blocks/${blockId}`).bearerToken(other.admin.token),
    ])
      response.assertStatus(404)
    assert.lengthOf((await client.get(`${url}/caps`).bearerToken(admin.token)).body().data, 1)
  })

  test('writes publish an invalidation; the click path gets caps and targeting', async ({ client, assert }) => {
    const { admin, orgId, url, campaignId, brand } = await setup(client)
    const heard: Invalidation[] = []
    const stop = onInvalidation('campaigns', (message) => {
      if (message.organizationId === orgId) heard.push(message)
    })
    try {
      const cap = (
        await client
          .post(`${url}/caps`)
          .bearerToken(admin.token)
          .json({
            variable: 'clicks',
            type: 'each_affiliate',
            visibility: 'private',
            action: 'pause_campaign',
            limits: { hourly: 3, lifetime: 9 },
          })
      ).body().data
      await client.post(`${url}/rule-blocks`).bearerToken(admin.token).json(countryBlock)
      await client.put(`${url}/payout`).bearerToken(admin.token).json(cpa())
      await client.delete(`${url}/caps/${cap.id}`).bearerToken(admin.token)
      // A refused write publishes nothing.
      await client.post(`${url}/caps`).bearerToken(admin.token).json({})
      const deadline = Date.now() + 3000
      while (heard.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      await new Promise((resolve) => setTimeout(resolve, 150))
      assert.deepEqual(
        heard.map((message) => message.id),
        [campaignId, campaignId, campaignId, campaignId]
      )
    } finally {
      stop()
    }

    await client
      .post(`${url}/caps`)
      .bearerToken(admin.token)
      .json({
        variable: 'ftd',
        type: 'combined',
        visibility: 'public',
        action: 'reject_activity',
        limits: { daily: 2, monthly: 40 },
      })
    const second = await insertCampaign(orgId, brand.id, { title: 'Other' })
    const rules = await rulesForTracking([campaignId, second, campaignId])
    assert.deepEqual([...rules.keys()], [campaignId, second])
    assert.deepEqual(rules.get(second), { caps: [], targeting: [] })
    const { caps, targeting } = rules.get(campaignId)!
    assert.lengthOf(caps, 1)
    assert.deepInclude(caps[0], {
      variable: 'ftd',
      type: 'combined',
      action: 'reject_activity',
      limits: { daily: 2, monthly: 40 },
    })
    assert.deepEqual(targeting[0].conditions[0], { field: 'country', operator: 'in', values: ['BR', 'PT'] })
    assert.deepEqual((await rulesForTracking([])).size, 0)

    const tracking = await loadTrackingCampaign(campaignId)
    assert.lengthOf(tracking!.caps, 1)
    assert.lengthOf(tracking!.targeting, 1)
  })

  test('deleting a campaign row removes its rules (cascade)', async ({ client, assert }) => {
    const { admin, url, campaignId } = await setup(client)
    await client
      .post(`${url}/caps`)
      .bearerToken(admin.token)
      .json({
        variable: 'clicks',
        type: 'combined',
        visibility: 'public',
        action: 'reject_activity',
        limits: { daily: 5 },
      })
    await client.put(`${url}/payout`).bearerToken(admin.token).json(cpa())
    await db.from('campaigns').where('id', campaignId).delete()
    for (const table of ['campaign_caps', 'campaign_payouts', 'campaign_rule_blocks'])
      assert.equal(Number((await db.from(table).where('campaign_id', campaignId).count('* as c'))[0].c), 0)
  })
})
