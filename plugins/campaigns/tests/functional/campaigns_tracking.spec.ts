import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant, installTestPlugin } from '@affix/core/testing'
import { onInvalidation, type Invalidation } from '@affix/core/kernel'
import {
  applyCapAction,
  loadTrackingCampaign,
  matchesTargeting,
  campaignActivity,
  resolveShortLink,
  signupCampaignFor,
  type TargetingBlock,
  type TargetingCondition,
} from '../../src/contracts.js'
import { activeDeepLinks } from '@affix/deep-links/contracts'

const CAMPAIGNS = '/api/v1/campaigns/campaigns'

async function setup(client: any) {
  const tenant = await createTenant('admin')
  const brand = (await client.post('/api/v1/brands/brands').bearerToken(tenant.token).json({ name: 'Lucky' })).body()
    .data
  const create = async (extra: Record<string, unknown> = {}) => {
    const response = await client
      .post(CAMPAIGNS)
      .bearerToken(tenant.token)
      .json({ title: 'Offer', brandId: brand.id, defaultUrl: 'https://lucky.example/land?c={click_id}', ...extra })
    response.assertStatus(201)
    return response.body().data
  }
  return { ...tenant, brand, create }
}

async function waitFor(condition: () => boolean) {
  const deadline = Date.now() + 3000
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
}

test.group('campaigns: tracking links', () => {
  test('admins link any live affiliate; an affiliate always gets its own; params, deep link and short link', async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    const campaign = await create()
    const affiliate = await addUser(org.id, 'affiliate')
    const other = await addUser(org.id, 'affiliate')
    const links = `${CAMPAIGNS}/${campaign.id}/links`

    const byAdmin = await client
      .post(links)
      .bearerToken(token)
      .json({ affiliateId: affiliate.user.id, p1: 'a b', sub3: 'x', source: 'fb', shortLink: false })
    byAdmin.assertStatus(201)
    const url = new URL(byAdmin.body().data.url)
    assert.equal(url.pathname, `/c/${campaign.id}`)
    assert.equal(url.searchParams.get('pub_id'), String(affiliate.user.id))
    assert.equal(url.searchParams.get('p1'), 'a b')
    assert.equal(url.searchParams.get('sub3'), 'x')
    assert.equal(url.searchParams.get('source'), 'fb')
    assert.isNull(byAdmin.body().data.shortUrl)

    const missing = await client.post(links).bearerToken(token).header('accept-language', 'pt').json({})
    missing.assertStatus(422)
    assert.equal(missing.body().error.message, 'Por favor, selecione um afiliado')
    const stranger = await createTenant('affiliate')
    const foreign = await client.post(links).bearerToken(token).json({ affiliateId: stranger.user.id })
    foreign.assertStatus(422)
    assert.equal(foreign.body().error.message, 'Please select a valid affiliate')

    // The affiliate asks for someone else: it gets its own link anyway.
    const own = await client
      .post(links)
      .bearerToken(affiliate.token)
      .json({ affiliateId: other.user.id, shortLink: true })
    own.assertStatus(201)
    assert.equal(own.body().data.affiliateId, affiliate.user.id)
    assert.equal(new URL(own.body().data.url).searchParams.get('pub_id'), String(affiliate.user.id))
    const shortUrl = own.body().data.shortUrl as string
    assert.match(shortUrl, /\/s\/[A-Za-z0-9]{10}$/)
    const token1 = shortUrl.split('/s/')[1]
    const stored = await db.from('short_links').where('token', token1).first()
    assert.equal(stored.url, own.body().data.url)
    assert.equal(stored.organization_id, org.id)
    // The same link asked again keeps its token.
    const again = await client.post(links).bearerToken(affiliate.token).json({ shortLink: true })
    assert.equal(again.body().data.shortUrl, shortUrl)

    // Deep links: only active ones of this campaign (or organisation-wide) become the `url` parameter.
    const [deepLink] = await db
      .insertQuery()
      .table('deep_links')
      .insert({
        organization_id: org.id,
        name: 'Promo',
        url: 'https://promo.lucky.example/x',
        campaign_id: campaign.id,
      })
      .returning('id')
    const [inactive] = await db
      .insertQuery()
      .table('deep_links')
      .insert({
        organization_id: org.id,
        name: 'Old',
        url: 'https://old.example/',
        campaign_id: campaign.id,
        status: 'inactive',
      })
      .returning('id')
    const withDeepLink = await client.post(links).bearerToken(affiliate.token).json({ deepLinkId: deepLink.id })
    assert.equal(new URL(withDeepLink.body().data.url).searchParams.get('url'), 'https://promo.lucky.example/x')
    const refused = await client.post(links).bearerToken(affiliate.token).json({ deepLinkId: inactive.id })
    refused.assertStatus(422)
    assert.equal(refused.body().error.message, 'Please select an active deep link of this campaign')
    assert.deepEqual(
      (await activeDeepLinks(org.id, campaign.id)).map((link) => link.id),
      [deepLink.id]
    )
  })

  test('blocked affiliates and affiliates without access to a private campaign get no link (en, pt)', async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    const open = await create()
    const closed = await create({ visibility: 'private' })
    const affiliate = await addUser(org.id, 'affiliate')
    ;(
      await client
        .put(`${CAMPAIGNS}/${open.id}/blocked-affiliates`)
        .bearerToken(token)
        .json({ affiliateIds: [affiliate.user.id] })
    ).assertStatus(200)
    for (const [language, message] of [
      ['en', 'This affiliate is blocked from this campaign'],
      ['pt', 'Este afiliado está bloqueado nesta campanha'],
    ]) {
      const blocked = await client
        .post(`${CAMPAIGNS}/${open.id}/links`)
        .bearerToken(token)
        .header('accept-language', language)
        .json({ affiliateId: affiliate.user.id })
      blocked.assertStatus(422)
      assert.equal(blocked.body().error.message, message)
    }
    // The blocked affiliate does not even see the campaign.
    ;(await client.post(`${CAMPAIGNS}/${open.id}/links`).bearerToken(affiliate.token).json({})).assertStatus(404)

    for (const [language, message] of [
      ['en', 'This affiliate has no approved access to this private campaign'],
      ['pt', 'Este afiliado não tem acesso aprovado a esta campanha privada'],
    ]) {
      const unapproved = await client
        .post(`${CAMPAIGNS}/${closed.id}/links`)
        .bearerToken(affiliate.token)
        .header('accept-language', language)
        .json({})
      unapproved.assertStatus(422)
      assert.equal(unapproved.body().error.message, message)
    }
    ;(
      await client.post(`${CAMPAIGNS}/${closed.id}/access-requests`).bearerToken(affiliate.token).json({})
    ).assertStatus(200)
    ;(await client.post(`${CAMPAIGNS}/${closed.id}/links`).bearerToken(affiliate.token).json({})).assertStatus(422)
    ;(
      await client
        .post(`/api/v1/campaigns/campaign-access-requests/${closed.id}/${affiliate.user.id}/approve`)
        .bearerToken(token)
    ).assertStatus(200)
    ;(await client.post(`${CAMPAIGNS}/${closed.id}/links`).bearerToken(affiliate.token).json({})).assertStatus(201)
    // A brand panel has no campaigns at all.
    const brandPanel = await addUser(org.id, 'brand')
    ;(
      await client.post(`${CAMPAIGNS}/${closed.id}/links`).bearerToken(brandPanel.token).json({ affiliateId: 1 })
    ).assertStatus(403)
  })
})

test.group('campaigns: link domains and short links', () => {
  test("links use the affiliate's tracking domain, else the default one; short links resolve for the click path", async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    const campaign = await create()
    const mine = await addUser(org.id, 'affiliate')
    const other = await addUser(org.id, 'affiliate')
    const [privateDomain] = await db
      .insertQuery()
      .table('domains')
      .insert({ organization_id: org.id, name: 'go.partner.example', visibility: 'private' })
      .returning('id')
    await db
      .insertQuery()
      .table('domains')
      .insert({ organization_id: org.id, name: 'track.network.example', visibility: 'public', is_default: true })
    await db
      .insertQuery()
      .table('domain_affiliates')
      .insert({ domain_id: privateDomain.id, affiliate_id: mine.user.id, organization_id: org.id })
    const link = async (affiliateId: number) =>
      (
        await client
          .post(`${CAMPAIGNS}/${campaign.id}/links`)
          .bearerToken(token)
          .json({ affiliateId, shortLink: true, p2: 'x' })
      ).body().data
    const own = await link(mine.user.id)
    assert.isTrue(own.url.startsWith(`https://go.partner.example/c/${campaign.id}?`))
    assert.isTrue(own.shortUrl.startsWith('https://go.partner.example/s/'))
    const fallback = await link(other.user.id)
    assert.isTrue(fallback.url.startsWith(`https://track.network.example/c/${campaign.id}?`))

    const resolved = await resolveShortLink(own.shortUrl.split('/s/')[1])
    assert.deepEqual(resolved, {
      organizationId: org.id,
      campaignId: campaign.id,
      affiliateId: mine.user.id,
      url: own.url,
      params: { p2: 'x' },
    })
    assert.isNull(await resolveShortLink('nope'))
    assert.isNull(await resolveShortLink('../../etc'))
    ;(await client.delete(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).assertStatus(200)
    assert.isNull(await resolveShortLink(own.shortUrl.split('/s/')[1]))
  })
})

test.group('campaigns: featured, groups on the campaign, commission variable lock, status reason', () => {
  test('featured flag: filter, featured list, bulk (un)feature', async ({ client, assert }) => {
    const { token, org, create } = await setup(client)
    const star = await create({ title: 'Star', featured: true })
    const plain = await create({ title: 'Plain' })
    const filtered = await client
      .get(`${CAMPAIGNS}?filter=${encodeURIComponent(JSON.stringify({ featured: true }))}`)
      .bearerToken(token)
    assert.deepEqual(
      filtered.body().data.map((row: any) => row.id),
      [star.id]
    )
    const affiliate = await addUser(org.id, 'affiliate')
    const featured = await client.get(`${CAMPAIGNS}/featured`).bearerToken(affiliate.token)
    featured.assertStatus(200)
    assert.deepEqual(
      featured.body().data.map((row: any) => [row.id, row.accessStatus]),
      [[star.id, 'approved']]
    )
    const bulk = await client
      .post(`${CAMPAIGNS}/featured`)
      .bearerToken(token)
      .json({ ids: [star.id, plain.id], featured: true })
    bulk.assertStatus(200)
    assert.deepEqual(
      (await client.get(`${CAMPAIGNS}/featured`).bearerToken(token)).body().data.map((row: any) => row.title),
      ['Plain', 'Star']
    )
    ;(
      await client
        .post(`${CAMPAIGNS}/featured`)
        .bearerToken(affiliate.token)
        .json({ ids: [star.id], featured: false })
    ).assertStatus(403)
  })

  test('groups are set with the campaign; unknown groups refused; commission variable locked by activity', async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    const affiliate = await addUser(org.id, 'affiliate')
    const group = (
      await client
        .post('/api/v1/affiliates/groups')
        .bearerToken(token)
        .json({ name: 'VIP', affiliateIds: [affiliate.user.id] })
    ).body().data
    const other = (
      await client
        .post('/api/v1/affiliates/groups')
        .bearerToken(token)
        .json({ name: 'B', affiliateIds: [affiliate.user.id] })
    ).body().data
    const campaign = await create({ primaryGroupId: group.id, groupIds: [other.id] })
    assert.equal(campaign.primaryGroupId, group.id)
    assert.sameMembers(campaign.groupIds, [group.id, other.id])
    const shown = (await client.get(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token)).body().data
    assert.equal(shown.primaryGroupId, group.id)
    // Affiliates never see the groups.
    const affiliateView = (await client.get(`${CAMPAIGNS}/${campaign.id}`).bearerToken(affiliate.token)).body().data
    assert.notProperty(affiliateView, 'groupIds')
    const updated = await client.patch(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token).json({ groupIds: [] })
    assert.deepEqual(updated.body().data.groupIds, [group.id])
    const unknown = await client
      .post(CAMPAIGNS)
      .bearerToken(token)
      .header('accept-language', 'pt')
      .json({ title: 'X', brandId: campaign.brandId, defaultUrl: 'https://x.example', primaryGroupId: 999999 })
    unknown.assertStatus(422)
    assert.equal(unknown.body().error.fields[0].field, 'primaryGroupId')
    const [{ total }] = await db.from('campaigns').where('organization_id', org.id).count('* as total')
    assert.equal(Number(total), 1)

    ;(
      await client.patch(`${CAMPAIGNS}/${campaign.id}`).bearerToken(token).json({ commissionVariable: 'ngr' })
    ).assertStatus(200)
    const stop = installTestPlugin({
      id: 'test-activity',
      dependsOn: ['campaigns'],
      hooks: [campaignActivity.provide(async (_orgId, campaignId) => campaignId === campaign.id)],
    })
    try {
      for (const [language, message] of [
        ['en', 'The commission variable can change only while the campaign has no customers or activity'],
        ['pt', 'A variável de comissão só pode mudar enquanto a campanha não tiver clientes nem atividade'],
      ]) {
        const locked = await client
          .patch(`${CAMPAIGNS}/${campaign.id}`)
          .bearerToken(token)
          .header('accept-language', language)
          .json({ commissionVariable: 'ftd' })
        locked.assertStatus(422)
        assert.equal(locked.body().error.message, message)
      }
      // Other fields (and the same variable) still change.
      ;(
        await client
          .patch(`${CAMPAIGNS}/${campaign.id}`)
          .bearerToken(token)
          .json({ commissionVariable: 'ngr', title: 'T2' })
      ).assertStatus(200)
    } finally {
      stop()
    }
  })

  test('a bulk status change records who and why in the timeline', async ({ client, assert }) => {
    const { token, user, create } = await setup(client)
    const campaign = await create()
    ;(
      await client
        .post(`${CAMPAIGNS}/status`)
        .bearerToken(token)
        .json({ ids: [campaign.id], status: 'suspended', reason: 'Brand audit' })
    ).assertStatus(200)
    const timeline = (await client.get(`${CAMPAIGNS}/${campaign.id}/timeline`).bearerToken(token)).body().data
    assert.deepInclude(timeline[0], {
      event: 'status_changed',
      actorId: user.id,
      data: { from: 'active', to: 'suspended', reason: 'Brand audit' },
    })
    assert.equal(timeline.at(-1).event, 'created')
  })
})

test.group('campaigns: contracts for the click path', () => {
  test('loadTrackingCampaign returns everything the click needs, null when unknown or deleted', async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    await db
      .from('organizations')
      .where('id', org.id)
      .update({ preferences: JSON.stringify({ timezone: 'America/Sao_Paulo' }) })
    const campaign = await create({
      visibility: 'private',
      fallbackUrl: 'https://lucky.example/',
      expiresAt: '2031-05-01T00:00:00Z',
    })
    const approved = await addUser(org.id, 'affiliate')
    const blocked = await addUser(org.id, 'affiliate')
    ;(
      await client.post(`${CAMPAIGNS}/${campaign.id}/access-requests`).bearerToken(approved.token).json({})
    ).assertStatus(200)
    await client
      .post(`/api/v1/campaigns/campaign-access-requests/${campaign.id}/${approved.user.id}/approve`)
      .bearerToken(token)
    await client
      .put(`${CAMPAIGNS}/${campaign.id}/blocked-affiliates`)
      .bearerToken(token)
      .json({ affiliateIds: [blocked.user.id] })
    await db
      .insertQuery()
      .table('deep_links')
      .multiInsert([
        { organization_id: org.id, name: 'A', url: 'https://promo.example/a', campaign_id: campaign.id },
        { organization_id: org.id, name: 'Global', url: 'https://all.example/', campaign_id: null },
      ])

    const loaded = await loadTrackingCampaign(campaign.id)
    assert.isNotNull(loaded)
    assert.include(loaded!, {
      id: campaign.id,
      organizationId: org.id,
      brandId: campaign.brandId,
      status: 'active',
      visibility: 'private',
      defaultUrl: campaign.defaultUrl,
      fallbackUrl: 'https://lucky.example/',
      expiresAt: Date.parse('2031-05-01T00:00:00Z'),
      timezone: 'America/Sao_Paulo',
    })
    assert.deepEqual([...loaded!.blockedAffiliateIds], [blocked.user.id])
    assert.deepEqual([...loaded!.approvedAffiliateIds!], [approved.user.id])
    assert.sameMembers([...loaded!.allowedDeepLinkHosts], ['lucky.example', 'promo.example', 'all.example'])
    assert.lengthOf(loaded!.deepLinks, 2)
    assert.deepEqual(loaded!.caps, [])
    assert.deepEqual(loaded!.targeting, [])

    const open = await create()
    assert.isNull((await loadTrackingCampaign(open.id))!.approvedAffiliateIds)
    await client.delete(`${CAMPAIGNS}/${open.id}`).bearerToken(token)
    assert.isNull(await loadTrackingCampaign(open.id))
    assert.isNull(await loadTrackingCampaign(99999999))
  })

  test('applyCapAction pauses or disables once, with a system timeline line, and publishes', async ({
    client,
    assert,
  }) => {
    const { token, org, create } = await setup(client)
    const campaign = await create()
    const heard: Invalidation[] = []
    const stop = onInvalidation('campaigns', (message) => {
      if (message.organizationId === org.id) heard.push(message)
    })
    try {
      await applyCapAction(org.id, campaign.id, 'reject_activity')
      assert.equal((await db.from('campaigns').where('id', campaign.id).first()).status, 'active')
      await applyCapAction(org.id, campaign.id, 'pause_campaign')
      await applyCapAction(org.id, campaign.id, 'pause_campaign')
      assert.equal((await db.from('campaigns').where('id', campaign.id).first()).status, 'paused')
      await applyCapAction(org.id, campaign.id, 'disable_campaign')
      assert.equal((await db.from('campaigns').where('id', campaign.id).first()).status, 'disabled')
      // Another organisation's id changes nothing.
      const other = await createTenant('admin')
      await applyCapAction(other.org.id, campaign.id, 'pause_campaign')
      await waitFor(() => heard.length >= 2)
      assert.deepEqual(
        heard.map((message) => message.id),
        [campaign.id, campaign.id]
      )
    } finally {
      stop()
    }
    const timeline = (await client.get(`${CAMPAIGNS}/${campaign.id}/timeline`).bearerToken(token)).body().data
    assert.deepEqual(
      timeline
        .filter((entry: any) => entry.event === 'cap_reached')
        .map((entry: any) => [entry.actorId, entry.data.action, entry.data.to]),
      [
        [null, 'disable_campaign', 'disabled'],
        [null, 'pause_campaign', 'paused'],
      ]
    )
  })

  test('matchesTargeting: no blocks pass; and/or logic; in/not_in; IP ranges; language prefix', async ({ assert }) => {
    const visitor = { country: 'BR', device: 'mobile', os: 'Android', language: 'pt-BR', ip: '10.1.2.3' }
    assert.isTrue(matchesTargeting([], visitor))
    const block = (logic: 'and' | 'or', conditions: TargetingBlock['conditions']): TargetingBlock => ({
      id: 1,
      name: 'b',
      logic,
      conditions,
    })
    const brazil: TargetingCondition = { field: 'country', operator: 'in', values: ['br', 'PT'] }
    const desktop: TargetingCondition = { field: 'device', operator: 'in', values: ['desktop'] }
    assert.isTrue(matchesTargeting([block('and', [brazil])], visitor))
    assert.isFalse(matchesTargeting([block('and', [brazil, desktop])], visitor))
    assert.isTrue(matchesTargeting([block('or', [brazil, desktop])], visitor))
    assert.isFalse(matchesTargeting([block('and', [{ ...brazil, operator: 'not_in' }])], visitor))
    assert.isTrue(matchesTargeting([block('and', [{ field: 'language', operator: 'in', values: ['pt'] }])], visitor))
    assert.isTrue(
      matchesTargeting([block('and', [{ field: 'ip_range', operator: 'in', values: ['10.0.0.0/8'] }])], visitor)
    )
    assert.isFalse(
      matchesTargeting([block('and', [{ field: 'ip_range', operator: 'in', values: ['10.1.2.4-10.1.2.9'] }])], visitor)
    )
    assert.isTrue(matchesTargeting([block('and', [{ field: 'ip', operator: 'not_in', values: ['1.1.1.1'] }])], visitor))
    // Unknown visitor fields never match an "in" condition.
    assert.isFalse(
      matchesTargeting([block('and', [{ field: 'browser', operator: 'in', values: ['chrome'] }])], visitor)
    )
    // Blocks are alternatives: one matching block is enough, none matching is a miss.
    assert.isTrue(matchesTargeting([block('and', [brazil]), block('and', [desktop])], visitor))
    assert.isFalse(
      matchesTargeting([block('and', [desktop]), block('and', [{ ...brazil, operator: 'not_in' }])], visitor)
    )
  })

  test('signupCampaignFor: the dynamic campaign wins over the persistent one (spec §4)', async ({ client, assert }) => {
    const { org, create } = await setup(client)
    const plain = await create()
    const persistent = await create({ isPersistent: true })
    const dynamic = await create({ isDynamic: true })
    assert.equal(await signupCampaignFor(org.id, [persistent.id, dynamic.id]), dynamic.id)
    assert.equal(await signupCampaignFor(org.id, [plain.id, persistent.id]), persistent.id)
    assert.equal(await signupCampaignFor(org.id, [plain.id]), plain.id)
    const other = await createTenant('admin')
    assert.isNull(await signupCampaignFor(other.org.id, [dynamic.id]))
    assert.isNull(await signupCampaignFor(org.id, []))
  })
})
