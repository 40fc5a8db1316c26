/*
 * The banner code of a creative always links through a campaign: a tracking link without one
 * (`/c?pub_id=…`) reaches no tracker (that path serves the panel), so it is never made.
 */
import { test } from '@japa/runner'
import { addUser, createTenant } from '@affix/core/testing'

const MEDIA = '/api/v1/media/media'

async function campaign(client: any, token: string, brandId: number, title: string, visibility = 'public') {
  const created = await client
    .post('/api/v1/campaigns/campaigns')
    .bearerToken(token)
    .json({ title, brandId, defaultUrl: 'https://lucky.example/?c={click_id}', visibility })
  created.assertStatus(201)
  return created.body().data.id as number
}

async function textLink(client: any, token: string, campaignIds: number[]) {
  const created = await client
    .post(MEDIA)
    .bearerToken(token)
    .json({ title: 'Join now', type: 'text_link', link: 'https://casino.example', campaignIds })
  created.assertStatus(201)
  return created.body().data.id as number
}

test.group('media: banner code always goes through a campaign', () => {
  test('without campaignId: the creative’s only promotable campaign, else a 422 that asks for one (en, pt, tr)', async ({
    client,
    assert,
  }) => {
    const { token, org } = await createTenant('admin')
    const affiliate = await addUser(org.id, 'affiliate')
    const brand = (await client.post('/api/v1/brands/brands').bearerToken(token).json({ name: 'Lucky' })).body().data
    const open = await campaign(client, token, brand.id, 'Open')
    const other = await campaign(client, token, brand.id, 'Other')
    const vip = await campaign(client, token, brand.id, 'VIP', 'private')

    const messages = {
      en: 'Choose the campaign the banner links to (campaignId): this creative is not linked to exactly one campaign the affiliate may promote, and a link without a campaign tracks nothing.',
      pt: 'Escolha a campanha para a qual o banner aponta (campaignId): este criativo não está vinculado a exatamente uma campanha que o afiliado possa promover, e um link sem campanha não rastreia nada.',
      tr: "Banner'ın bağlanacağı kampanyayı seçin (campaignId): bu kreatif, iş ortağının tanıtabileceği tam olarak bir kampanyaya bağlı değil ve kampanyasız bir bağlantı hiçbir şeyi takip etmez.",
    }
    // No campaign at all, two, or only one the affiliate may not promote: refused, never `/c?…`.
    for (const campaignIds of [[], [open, other], [vip]]) {
      const media = await textLink(client, token, campaignIds)
      for (const [locale, message] of Object.entries(messages)) {
        const refused = await client
          .get(`${MEDIA}/${media}/banner-code?affiliateId=${affiliate.user.id}`)
          .bearerToken(token)
          .header('accept-language', locale)
        refused.assertStatus(422)
        assert.equal(refused.body().error.message, message)
        assert.deepInclude(refused.body().error.fields[0], { field: 'campaignId', rule: 'required' })
      }
      const own = await client.get(`${MEDIA}/${media}/banner-code`).bearerToken(affiliate.token)
      own.assertStatus(422)
    }

    // One promotable campaign (the private one is not approved for this affiliate): it is used.
    const single = await textLink(client, token, [open, vip])
    const code = await client.get(`${MEDIA}/${single}/banner-code`).bearerToken(affiliate.token)
    code.assertStatus(200)
    const link = new URL(code.body().data.trackingLink)
    assert.equal(link.pathname, `/c/${open}`)
    assert.equal(link.searchParams.get('pub_id'), String(affiliate.user.id))

    // A named campaign wins, for a creative without campaigns too.
    const bare = await textLink(client, token, [])
    const named = await client
      .get(`${MEDIA}/${bare}/banner-code?affiliateId=${affiliate.user.id}&campaignId=${other}`)
      .bearerToken(token)
    named.assertStatus(200)
    assert.equal(new URL(named.body().data.trackingLink).pathname, `/c/${other}`)
  })
})
