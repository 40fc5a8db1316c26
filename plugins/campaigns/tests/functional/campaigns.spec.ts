import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'
import { onInvalidation, type Invalidation } from '@affix/core/kernel'

const CAMPAIGNS = '/api/v1/campaigns/campaigns'
const BRANDS = '/api/v1/brands/brands'
const PRODUCTS = '/api/v1/brands/products'

async function tenantWithBrand(client: any) {
  const tenant = await createTenant('admin')
  const brand = (await client.post(BRANDS).bearerToken(tenant.token).json({ name: 'Lucky' })).body().data
  return { ...tenant, brand }
}

const valid = (brandId: number, extra: Record<string, unknown> = {}) => ({
  title: 'Welcome CPA',
  brandId,
  defaultUrl: 'https://lucky.example/landing?cid={click_id}',
  ...extra,
})

test.group('campaigns: CRUD', () => {
  test('create with every field, read, update, list with filters and delete', async ({ client, assert }) => {
    const { token, brand } = await tenantWithBrand(client)
    const product = (await client.post(PRODUCTS).bearerToken(token).json({ name: 'Slots', brandId: brand.id })).body()
      .data
    const response = await client
      .post(CAMPAIGNS)
      .bearerToken(token)
      .json(
        valid(brand.id, {
          visibility: 'private',
          previewUrl: 'https://lucky.example/preview',
          fallbackUrl: 'https://lucky.example/',
          appLink: 'https://apps.example/lucky',
          description: 'First deposit offer',
          commissionVariable: 'ngr',
          currency: 'brl',
          coverageCountries: ['br', 'PT'],
          productIds: [product.id],
          externalId: 'EXT-1',
          isDynamic: true,
          isPersistent: true,
          attributionWindowDays: 45,
          expiresAt: '2030-01-31T23:59:00Z',
          featured: true,
          shortLinkDefault: true,
          overrideCustomerCountry: true,
        })
      )
    response.assertStatus(201)
    const campaign = response.body().data
    assert.include(campaign, {
      status: 'active',
      visibility: 'private',
      currency: 'BRL',
      commissionVariable: 'ngr',
      attributionWindowDays: 45,
      featured: true,
      externalId: 'EXT-1',
    })
    assert.deepEqual(campaign.coverageCountries, ['BR', 'PT'])
    assert.deepEqual(campaign.productIds, [product.id])
    assert.equal(new Date(campaign.expiresAt).toISOString(), '2030-01-31T23:59:00.000Z')

    const updated = await client
      .patch(`${CAMPAIGNS}/${campaign.id}`)
      .bearerToken(token)
      .json({ status: 'paused', expiresAt: null, title: 'Renamed' })
    updated.assertStatus(200)
    assert.include(updated.body().data, { status: 'paused', expiresAt: null, title: 'Renamed' })

    const filtered = await client
      .get(`${CAMPAIGNS}?filter=${encodeURIComponent(JSON.stringify({ status: 'paused', q: 'renam' }))}`)
      .bearerToken(token)
    assert.deepEqual(
      filtered.body().data.map((row: any) => row.id),
      [campaign.id]
    )
    const bulk = await client
      .post(`${CAMPAIGNS}/status`)
      .bearerToken(token)
      .json({ ids: [campaign.id], status: 'suspended' })
    bulk.assertStatus(200)
    assert.equal(bulk.body().data.updated, 1)
    ;(await client.delete(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.get(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(404)
    // The deletion is kept (soft) with its timeline line.
    const kept = await db.from('campaigns').where('id', campaign.id).first()
    assert.isNotNull(kept.deleted_at)
    const deletions = await db.from('campaign_timeline').where({ campaign_id: campaign.id, event: 'deleted' })
    assert.lengthOf(deletions, 1)
  })

  test('every rule has its message (en and pt) and a refused save writes nothing', async ({ client, assert }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const other = await tenantWithBrand(client)
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ brandId: brand.id, defaultUrl: 'https://x.example' }, 'title', 'Title is required', 'Título é obrigatório'],
      [{ title: 'T', brandId: brand.id }, 'defaultUrl', 'URL is required', 'A URL é obrigatória'],
      [valid(brand.id, { defaultUrl: 'not a url' }), 'defaultUrl', 'Invalid URL', 'URL inválida'],
      [valid(brand.id, { fallbackUrl: 'ftp://x.example' }), 'fallbackUrl', 'Invalid URL', 'URL inválida'],
      [
        valid(brand.id, { currency: 'XYZ' }),
        'currency',
        'Currency must be a valid 3-letter currency code (ISO 4217)',
        'Moeda deve ser um código de moeda válido de 3 letras (ISO 4217)',
      ],
      [
        valid(brand.id, { coverageCountries: ['EU'] }),
        'coverageCountries.0',
        'Coverage countries must be a valid 2-letter country code (ISO 3166)',
        'Países de cobertura deve ser um código de país válido de 2 letras (ISO 3166)',
      ],
      [
        valid(brand.id, { attributionWindowDays: 0 }),
        'attributionWindowDays',
        'The attribution window is 1 to 365 days',
        'A janela de atribuição é de 1 a 365 dias',
      ],
      [valid(other.brand.id), 'brandId', 'Please select a valid brand', 'Por favor, selecione uma marca válida'],
    ]
    for (const [body, field, en, pt] of cases) {
      for (const [language, message] of [
        ['en', en],
        ['pt', pt],
      ]) {
        const response = await client.post(CAMPAIGNS).bearerToken(token).header('accept-language', language).json(body)
        response.assertStatus(422)
        const found = response.body().error.fields.find((entry: any) => entry.field === field)
        assert.equal(found?.message, message, `${field} (${language})`)
      }
    }
    const otherProduct = (
      await client.post(PRODUCTS).bearerToken(other.token).json({ name: 'Bingo', brandId: other.brand.id })
    ).body().data
    const foreignProduct = await client
      .post(CAMPAIGNS)
      .bearerToken(token)
      .json(valid(brand.id, { productIds: [otherProduct.id] }))
    foreignProduct.assertStatus(422)
    assert.equal(foreignProduct.body().error.message, "Please select products of the campaign's brand")
    ;(
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { externalId: 'dup' }))
    ).assertStatus(201)
    const duplicate = await client
      .post(CAMPAIGNS)
      .bearerToken(token)
      .json(valid(brand.id, { externalId: 'DUP' }))
    duplicate.assertStatus(422)
    assert.equal(duplicate.body().error.message, 'Another campaign already has this external ID')
    const [{ total }] = await db.from('campaigns').where('organization_id', org.id).count('* as total')
    assert.equal(Number(total), 1)
  })

  test('a campaign whose brand is deleted cannot change (spec §8)', async ({ client, assert }) => {
    const { token, brand } = await tenantWithBrand(client)
    const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
    ;(await client.delete(`${BRANDS}/${brand.id}`).bearerToken(token)).assertStatus(200)
    for (const response of [
      await client
        .patch(`${CAMPAIGNS}/${campaign.id}`)
        .bearerToken(token)
        .header('accept-language', 'pt')
        .json({ title: 'X' }),
      await client
        .post(`${CAMPAIGNS}/status`)
        .bearerToken(token)
        .header('accept-language', 'pt')
        .json({ ids: [campaign.id], status: 'paused' }),
      await client.delete(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token).header('accept-language', 'pt'),
    ]) {
      response.assertStatus(422)
      assert.equal(
        response.body().error.message,
        'Não é possível realizar esta ação em uma campanha com a Marca excluída'
      )
    }
    const english = await client.patch(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token).json({ title: 'X' })
    assert.equal(english.body().error.message, 'Cannot perform this action for a campaign with deleted Brand')
    ;(await client.get(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(200)
  })
})

test.group('campaigns: who sees what', () => {
  test('roles, affiliates see campaigns with their access status (without internal fields) unless blocked, tenant isolation', async ({
    client,
    assert,
  }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const open = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Open', externalId: 'E1' }))
    ).body().data
    const closed = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Closed', visibility: 'private' }))
    ).body().data

    const affiliate = await addUser(org.id, 'affiliate')
    const seen = await client.get(CAMPAIGNS).bearerToken(affiliate.token)
    seen.assertStatus(200)
    // Public and private ones (to ask for access), each with where the affiliate stands.
    assert.deepEqual(
      seen
        .body()
        .data.map((row: any) => [row.id, row.accessStatus])
        .sort((a: any, b: any) => a[0] - b[0]),
      [
        [open.id, 'approved'],
        [closed.id, 'need_approval'],
      ]
    )
    assert.notProperty(seen.body().data[0], 'externalId')
    assert.notProperty(seen.body().data[0], 'fallbackUrl')
    // The network finds a campaign by its external id; an affiliate cannot probe for one.
    const byExternalId = (caller: string) => client.get(CAMPAIGNS).qs({ q: 'E1' }).bearerToken(caller)
    assert.deepEqual(
      (await byExternalId(token)).body().data.map((row: any) => row.id),
      [open.id]
    )
    assert.deepEqual((await byExternalId(affiliate.token)).body().data, [])
    // A blocked affiliate does not see the campaign at all.
    ;(
      await client
        .put(`${CAMPAIGNS}/${closed.id}/blocked-affiliates`)
        .bearerToken(token)
        .json({ affiliateIds: [affiliate.user.id] })
    ).assertStatus(200)
    ;(await client.get(`${CAMPAIGNS}/${closed.id}`).bearerToken(affiliate.token)).assertStatus(404)
    ;(await client.patch(`${CAMPAIGNS}/${open.id}`).bearerToken(affiliate.token).json({ title: 'Mine' })).assertStatus(
      403
    )
    ;(await client.get(`${CAMPAIGNS}/export`).bearerToken(affiliate.token)).assertStatus(403)

    const afm = await addUser(org.id, 'afm')
    ;(await client.patch(`${CAMPAIGNS}/${open.id}`).bearerToken(afm.token).json({ title: 'By AFM' })).assertStatus(200)
    const adm = await addUser(org.id, 'adm')
    ;(await client.get(`${CAMPAIGNS}/${closed.id}`).bearerToken(adm.token)).assertStatus(200)
    ;(await client.patch(`${CAMPAIGNS}/${open.id}`).bearerToken(adm.token).json({ title: 'By ADM' })).assertStatus(200)
    // A team member limited to chosen campaigns sees and changes only those.
    await db
      .from('users')
      .where('id', adm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'all', campaigns: [open.id], reports: null }) })
    assert.deepEqual(
      (await client.get(CAMPAIGNS).bearerToken(adm.token)).body().data.map((row: any) => row.id),
      [open.id]
    )
    ;(await client.patch(`${CAMPAIGNS}/${closed.id}`).bearerToken(adm.token).json({ title: 'X' })).assertStatus(404)
    const parent = await addUser(org.id, 'parent')
    ;(await client.get(`${CAMPAIGNS}/${open.id}`).bearerToken(parent.token)).assertStatus(200)
    ;(await client.patch(`${CAMPAIGNS}/${open.id}`).bearerToken(parent.token).json({ title: 'X' })).assertStatus(403)
    const brandPanel = await addUser(org.id, 'brand')
    ;(await client.get(CAMPAIGNS).bearerToken(brandPanel.token)).assertStatus(403)

    const stranger = await createTenant('admin')
    ;(await client.get(`${CAMPAIGNS}/${open.id}`).bearerToken(stranger.token)).assertStatus(404)
    ;(await client.patch(`${CAMPAIGNS}/${open.id}`).bearerToken(stranger.token).json({ title: 'X' })).assertStatus(404)
    ;(
      await client
        .post(`${CAMPAIGNS}/status`)
        .bearerToken(stranger.token)
        .json({ ids: [open.id], status: 'paused' })
    ).assertStatus(422)
    assert.deepEqual((await client.get(CAMPAIGNS).bearerToken(stranger.token)).body().data, [])
  })

  test('the campaigns lookup lets deep links and promo codes refer to live campaigns only', async ({
    client,
    assert,
  }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
    await db
      .from('organizations')
      .where('id', org.id)
      .update({ features: JSON.stringify({ edl: true }) })
    const link = await client
      .post('/api/v1/deep-links/deep-links')
      .bearerToken(token)
      .json({ name: 'Promo page', url: 'https://lucky.example/promo', campaignId: campaign.id })
    link.assertStatus(201)
    assert.equal(link.body().data.campaignId, campaign.id)
    ;(await client.delete(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(200)
    const gone = await client
      .post('/api/v1/deep-links/deep-links')
      .bearerToken(token)
      .json({ name: 'Old', url: 'https://lucky.example/old', campaignId: campaign.id })
    gone.assertStatus(422)
  })

  test('every change is published on the campaigns invalidation topic', async ({ client, assert }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const heard: Invalidation[] = []
    const stop = onInvalidation('campaigns', (message) => {
      if (message.organizationId === org.id) heard.push(message)
    })
    try {
      const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
      await client.patch(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token).json({ status: 'paused' })
      const deadline = Date.now() + 3000
      while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      assert.deepEqual(
        heard.slice(0, 2).map((message) => message.id),
        [campaign.id, campaign.id]
      )
    } finally {
      stop()
    }
  })
})

test.group('campaigns: URL validator (spec §5)', () => {
  const check = (client: any, token: string, body: Record<string, unknown>, language = 'en') =>
    client.post(`${CAMPAIGNS}/url-validator`).bearerToken(token).header('accept-language', language).json(body)

  test('answers each message of the spec, in the caller language', async ({ client, assert }) => {
    const { token } = await createTenant('admin')
    const macros = ['click_id', 'pub_id', 'source']
    const cases: Array<[Record<string, unknown>, boolean, string, string]> = [
      [{ url: '', macros }, false, 'URL is required', 'A URL é obrigatória'],
      [{ url: 'not a url', macros }, false, 'Invalid URL', 'URL inválida'],
      [{ url: 'ftp://files.example/x', macros }, false, 'Invalid URL', 'URL inválida'],
      [
        { url: 'https://b.example/?c={click_id}&p={pub_id}', macros },
        false,
        'Please include the "source" macro in the URL.',
        'Por favor, inclua a macro "source" na URL.',
      ],
      [
        { url: 'https://b.example/?c={click_id}', macros },
        false,
        'Please include all the required macros (pub_id, source) in the URL.',
        'Por favor, inclua todas as macros obrigatórias (pub_id, source) na URL.',
      ],
      [
        { url: 'https://b.example/', macros, mode: 'any' },
        false,
        'Please include at least click_id, pub_id or source macros in the URL:',
        'Por favor, inclua pelo menos as macros click_id, pub_id ou source na URL:',
      ],
      [
        { url: 'https://b.example/?s={source}', macros, mode: 'any', minimum: 2 },
        false,
        'Please include at least click_id, pub_id or source macros in the URL:',
        'Por favor, inclua pelo menos as macros click_id, pub_id ou source na URL:',
      ],
      [
        { url: 'https://b.example/?s={source}', macros, mode: 'any' },
        true,
        'URL is valid with the specified macros.',
        'A URL é válida com as macros especificadas.',
      ],
      [
        { url: 'https://b.example/?c={click_id}&p={pub_id}&s={source}', macros },
        true,
        'URL is valid with the specified macros.',
        'A URL é válida com as macros especificadas.',
      ],
    ]
    for (const [body, valid, en, pt] of cases) {
      for (const [language, message] of [
        ['en', en],
        ['pt', pt],
      ]) {
        const response = await check(client, token, body, language)
        response.assertStatus(200)
        assert.deepEqual(response.body().data, { valid, message }, `${JSON.stringify(body)} (${language})`)
      }
    }
    // A malformed request (not a list of macro names) is a 422, not an answer.
    ;(await check(client, token, { url: 'https://b.example', macros: ['no spaces allowed'] })).assertStatus(422)
  })
})

test.group('campaigns: notes, timeline, blocked affiliates, expiry', () => {
  test('notes: "Note cannot be empty" (en, pt), newest first, delete; other organisations see nothing', async ({
    client,
    assert,
  }) => {
    const { token, brand } = await tenantWithBrand(client)
    const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
    const notes = `${CAMPAIGNS}/${campaign.id}/notes`
    for (const [language, message] of [
      ['en', 'Note cannot be empty'],
      ['pt', 'A nota não pode estar vazia'],
    ]) {
      const empty = await client
        .post(notes)
        .bearerToken(token)
        .header('accept-language', language)
        .json({ body: '   ' })
      empty.assertStatus(422)
      assert.equal(empty.body().error.fields[0].message, message)
    }
    const first = (await client.post(notes).bearerToken(token).json({ body: 'Asked for a higher CPA' })).body().data
    const second = (await client.post(notes).bearerToken(token).json({ body: 'Approved' })).body().data
    assert.deepEqual(
      (await client.get(notes).bearerToken(token)).body().data.map((note: any) => note.id),
      [second.id, first.id]
    )
    ;(await client.delete(`${notes}/${first.id}`).bearerToken(token)).assertStatus(200)
    ;(await client.delete(`${notes}/${first.id}`).bearerToken(token)).assertStatus(404)
    const stranger = await createTenant('admin')
    ;(await client.get(notes).bearerToken(stranger.token)).assertStatus(404)
    ;(await client.post(notes).bearerToken(stranger.token).json({ body: 'x' })).assertStatus(404)
  })

  test('blocked affiliates: live affiliates of the organisation only, replaced whole, in the timeline', async ({
    client,
    assert,
  }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
    const blocked = `${CAMPAIGNS}/${campaign.id}/blocked-affiliates`
    const one = await addUser(org.id, 'affiliate')
    const two = await addUser(org.id, 'affiliate')
    const foreign = await addUser((await createTenant('admin')).org.id, 'affiliate')
    const refused = await client
      .put(blocked)
      .bearerToken(token)
      .json({ affiliateIds: [one.user.id, foreign.user.id] })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, `Please select valid affiliates: ${foreign.user.id}`)
    assert.deepEqual((await client.get(blocked).bearerToken(token)).body().data.affiliateIds, [])
    ;(
      await client
        .put(blocked)
        .bearerToken(token)
        .json({ affiliateIds: [two.user.id, one.user.id] })
    ).assertStatus(200)
    assert.deepEqual(
      (await client.get(blocked).bearerToken(token)).body().data.affiliateIds,
      [one.user.id, two.user.id].sort((a, b) => a - b)
    )
    ;(
      await client
        .put(blocked)
        .bearerToken(token)
        .json({ affiliateIds: [two.user.id] })
    ).assertStatus(200)
    assert.deepEqual((await client.get(blocked).bearerToken(token)).body().data.affiliateIds, [two.user.id])
    ;(await client.get(blocked).bearerToken(one.token)).assertStatus(403)
    const events = (await client.get(`${CAMPAIGNS}/${campaign.id}/timeline`).bearerToken(token))
      .body()
      .data.map((entry: any) => entry.event)
    assert.deepEqual(events, ['blocked_affiliates_changed', 'blocked_affiliates_changed', 'created'])
  })

  test('expiry moves an active campaign past its date to paused, once, with a system timeline entry', async ({
    client,
    assert,
  }) => {
    const { expireCampaigns } = await import('../../src/services/expiry.js')
    const { token, brand, user } = await tenantWithBrand(client)
    const soon = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Soon', expiresAt: '2031-01-01T00:00:00Z' }))
    ).body().data
    const later = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Later', expiresAt: '2031-06-01T00:00:00Z' }))
    ).body().data
    await client.patch(`${CAMPAIGNS}/${later.id}`).bearerToken(token).json({ title: 'Later (renamed)' })

    assert.isAtLeast(await expireCampaigns(new Date('2031-01-01T00:00:01Z')), 1)
    assert.equal((await client.get(`${CAMPAIGNS}/${soon.id}`).bearerToken(token)).body().data.status, 'paused')
    assert.equal((await client.get(`${CAMPAIGNS}/${later.id}`).bearerToken(token)).body().data.status, 'active')
    await expireCampaigns(new Date('2031-01-02T00:00:00Z'))
    const timeline = (await client.get(`${CAMPAIGNS}/${soon.id}/timeline`).bearerToken(token)).body().data
    assert.deepEqual(
      timeline.map((entry: any) => [entry.event, entry.actorId]),
      [
        ['expired', null],
        ['created', user.id],
      ]
    )
    assert.include(timeline[0].data, { from: 'active', to: 'paused' })
    const laterTimeline = (await client.get(`${CAMPAIGNS}/${later.id}/timeline`).bearerToken(token)).body().data
    assert.deepEqual(laterTimeline[0].data, { fields: ['title'] })
    const manual = await client.patch(`${CAMPAIGNS}/${later.id}`).bearerToken(token).json({ status: 'disabled' })
    manual.assertStatus(200)
    const statusEntry = (await client.get(`${CAMPAIGNS}/${later.id}/timeline`).bearerToken(token)).body().data[0]
    assert.deepEqual([statusEntry.event, statusEntry.data], ['status_changed', { from: 'active', to: 'disabled' }])
  })
})

test.group('campaigns: groups', () => {
  test('a campaign targets groups (one primary); a group tied to a live campaign cannot be updated', async ({
    client,
    assert,
  }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const campaign = (await client.post(CAMPAIGNS).bearerToken(token).json(valid(brand.id))).body().data
    const affiliate = await addUser(org.id, 'affiliate')
    const makeGroup = async (name: string) =>
      (
        await client
          .post('/api/v1/affiliates/groups')
          .bearerToken(token)
          .json({ name, affiliateIds: [affiliate.user.id] })
      ).body().data
    const vip = await makeGroup('VIP')
    const casual = await makeGroup('Casual')
    const groups = `${CAMPAIGNS}/${campaign.id}/groups`

    const foreign = await client
      .put(groups)
      .bearerToken(token)
      .json({ primaryGroupId: vip.id, groupIds: [999999] })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.message, 'Please select valid affiliate groups: 999999')
    const set = await client
      .put(groups)
      .bearerToken(token)
      .json({ primaryGroupId: vip.id, groupIds: [casual.id] })
    set.assertStatus(200)
    assert.deepEqual(set.body().data, { primaryGroupId: vip.id, groupIds: [vip.id, casual.id].sort((a, b) => a - b) })
    ;(await client.get(groups).bearerToken(affiliate.token)).assertStatus(403)

    const refused = await client.patch(`/api/v1/affiliates/groups/${vip.id}`).bearerToken(token).json({ name: 'VIP 2' })
    refused.assertStatus(409)
    assert.equal(refused.body().error.message, 'This group is tied to a campaign and cannot be updated')
    // Once the campaign is gone, the group can change again.
    ;(await client.delete(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(200)
    ;(
      await client.patch(`/api/v1/affiliates/groups/${vip.id}`).bearerToken(token).json({ name: 'VIP 2' })
    ).assertStatus(200)
  })
})

test.group('campaigns: access to private campaigns (spec §4)', () => {
  test('need approval → pending approval (questionnaire) → approved / rejected; need permission; public needs nothing', async ({
    client,
    assert,
  }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const questions = [{ question: 'Where will you promote it?', required: true }, { question: 'Monthly traffic?' }]
    const vip = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'VIP', visibility: 'private', accessQuestions: questions }))
    ).body().data
    const invite = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Invite only', visibility: 'private', accessByRequest: false }))
    ).body().data
    const open = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'Open' }))
    ).body().data
    const affiliate = await addUser(org.id, 'affiliate')
    const statusOf = async (id: number) =>
      (await client.get(`${CAMPAIGNS}/${id}`).bearerToken(affiliate.token)).body().data.accessStatus
    const ask = (id: number, answers?: unknown[], language = 'en') =>
      client
        .post(`${CAMPAIGNS}/${id}/access-requests`)
        .bearerToken(affiliate.token)
        .header('accept-language', language)
        .json(answers ? { answers } : {})
    const decide = (id: number, verdict: 'approve' | 'reject', as = token) =>
      client.post(`/api/v1/campaigns/campaign-access-requests/${id}/${affiliate.user.id}/${verdict}`).bearerToken(as)

    assert.equal(await statusOf(vip.id), 'need_approval')
    assert.equal(await statusOf(invite.id), 'need_permission')
    const unanswered = await ask(vip.id, ['', '10k'], 'pt')
    unanswered.assertStatus(422)
    assert.equal(unanswered.body().error.message, 'Por favor, responda às perguntas obrigatórias')
    assert.deepEqual(
      unanswered.body().error.fields.map((field: any) => field.field),
      ['answers.0']
    )
    const asked = await ask(vip.id, ['My casino blog', ''])
    asked.assertStatus(200)
    assert.deepEqual(asked.body().data.answers, [
      { question: 'Where will you promote it?', answer: 'My casino blog' },
      { question: 'Monthly traffic?', answer: null },
    ])
    assert.equal(await statusOf(vip.id), 'pending_approval')
    assert.equal(
      (await ask(vip.id, ['again'])).body().error.message,
      'Your request for this campaign is pending approval'
    )
    assert.equal(
      (await ask(invite.id, [])).body().error.message,
      "This campaign needs the network's permission: contact your manager"
    )
    assert.equal((await ask(open.id, [])).body().error.message, 'This campaign is public: no access is needed')
    ;(await client.post(`${CAMPAIGNS}/${vip.id}/access-requests`).bearerToken(token).json({})).assertStatus(403)

    const inbox = await client.get('/api/v1/campaigns/campaign-access-requests?status=pending').bearerToken(token)
    assert.deepEqual(
      inbox.body().data.map((row: any) => [row.campaignId, row.affiliateId, row.status]),
      [[vip.id, affiliate.user.id, 'pending']]
    )
    ;(await decide(vip.id, 'reject')).assertStatus(200)
    assert.equal(await statusOf(vip.id), 'rejected_approval')
    // Asking again after a rejection goes back to pending; the network approves.
    ;(await ask(vip.id, ['A bigger blog now', ''])).assertStatus(200)
    ;(await decide(vip.id, 'approve')).assertStatus(200)
    assert.equal(await statusOf(vip.id), 'approved')
    assert.equal((await ask(vip.id, ['x'])).body().error.message, 'You already have access to this campaign')
    // Need permission: the network grants it without a request.
    ;(await decide(invite.id, 'approve')).assertStatus(200)
    assert.equal(await statusOf(invite.id), 'approved')
    // Nobody else decides, and other organisations see nothing.
    ;(await decide(vip.id, 'approve', affiliate.token)).assertStatus(403)
    const stranger = await createTenant('admin')
    ;(await decide(vip.id, 'reject', stranger.token)).assertStatus(404)
    assert.deepEqual(
      (await client.get('/api/v1/campaigns/campaign-access-requests').bearerToken(stranger.token)).body().data,
      []
    )
    const events = (await client.get(`${CAMPAIGNS}/${vip.id}/timeline`).bearerToken(token))
      .body()
      .data.map((entry: any) => entry.event)
    assert.deepEqual(events, ['access_approved', 'access_requested', 'access_rejected', 'access_requested', 'created'])
  })

  test('requests sent at once make one request, and a request never undoes an approval', async ({ client, assert }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const vip = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'VIP', visibility: 'private' }))
    ).body().data
    const affiliate = await addUser(org.id, 'affiliate')
    const ask = () => client.post(`${CAMPAIGNS}/${vip.id}/access-requests`).bearerToken(affiliate.token).json({})
    const answers = await Promise.all(Array.from({ length: 6 }, ask))
    assert.deepEqual(answers.map((answer) => answer.status()).sort(), [200, 422, 422, 422, 422, 422])
    const timeline = async () =>
      (await client.get(`${CAMPAIGNS}/${vip.id}/timeline`).bearerToken(token))
        .body()
        .data.map((entry: any) => entry.event)
    assert.deepEqual(await timeline(), ['access_requested', 'created'])

    ;(
      await client
        .post(`/api/v1/campaigns/campaign-access-requests/${vip.id}/${affiliate.user.id}/approve`)
        .bearerToken(token)
    ).assertStatus(200)
    const again = await Promise.all(Array.from({ length: 3 }, ask))
    assert.deepEqual(
      again.map((answer) => answer.body().error.message),
      Array(3).fill('You already have access to this campaign')
    )
    assert.equal(
      (await client.get(`${CAMPAIGNS}/${vip.id}`).bearerToken(affiliate.token)).body().data.accessStatus,
      'approved'
    )
  })
})

test.group('campaigns: team members with assigned affiliates', () => {
  test('see and change only their affiliates in the blocked list and the access inbox', async ({ client, assert }) => {
    const { token, brand, org } = await tenantWithBrand(client)
    const campaign = (
      await client
        .post(CAMPAIGNS)
        .bearerToken(token)
        .json(valid(brand.id, { title: 'VIP', visibility: 'private' }))
    ).body().data
    const mine = await addUser(org.id, 'affiliate')
    const theirs = await addUser(org.id, 'affiliate')
    const afm = await addUser(org.id, 'afm')
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    await db
      .table('team_member_affiliates')
      .insert({ organization_id: org.id, member_id: afm.user.id, affiliate_id: mine.user.id })

    const blocked = `${CAMPAIGNS}/${campaign.id}/blocked-affiliates`
    ;(
      await client
        .put(blocked)
        .bearerToken(token)
        .json({ affiliateIds: [mine.user.id, theirs.user.id] })
    ).assertStatus(200)
    assert.deepEqual((await client.get(blocked).bearerToken(afm.token)).body().data.affiliateIds, [mine.user.id])
    const outside = await client
      .put(blocked)
      .bearerToken(afm.token)
      .json({ affiliateIds: [theirs.user.id] })
    outside.assertStatus(422)
    assert.equal(outside.body().error.message, `Please select valid affiliates: ${theirs.user.id}`)
    // Clearing their part keeps the affiliates they do not manage.
    ;(await client.put(blocked).bearerToken(afm.token).json({ affiliateIds: [] })).assertStatus(200)
    assert.deepEqual((await client.get(blocked).bearerToken(token)).body().data.affiliateIds, [theirs.user.id])

    await db.table('campaign_access').insert([
      { organization_id: org.id, campaign_id: campaign.id, affiliate_id: mine.user.id, status: 'pending' },
      { organization_id: org.id, campaign_id: campaign.id, affiliate_id: theirs.user.id, status: 'pending' },
    ])
    const inbox = await client.get('/api/v1/campaigns/campaign-access-requests').bearerToken(afm.token)
    assert.deepEqual(
      inbox.body().data.map((row: any) => row.affiliateId),
      [mine.user.id]
    )
    const decide = (affiliateId: number) =>
      client
        .post(`/api/v1/campaigns/campaign-access-requests/${campaign.id}/${affiliateId}/approve`)
        .bearerToken(afm.token)
    ;(await decide(theirs.user.id)).assertStatus(404)
    ;(await decide(mine.user.id)).assertStatus(200)
    assert.lengthOf((await client.get('/api/v1/campaigns/campaign-access-requests').bearerToken(token)).body().data, 2)
  })
})
