import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import postbacksPlugin from '../../src/plugin.js'
import { eventIdFor } from '../../src/delivery/macros.js'
import { verifySignature } from '../../src/delivery/signing.js'
import { API, affiliate, organization, receiver, waitFor } from './helpers.js'

/*
 * The click.recorded webhook: the feed job reads the click log (never the click path) from a
 * cursor and sends the clicks recorded since, signed, a slice per delivery; a second run sends
 * nothing again; another organisation's clicks never appear.
 */
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

async function click(campaignId: number, affiliateId: number, sub1: string) {
  const response = await fetch(`${base()}/c/${campaignId}?pub_id=${affiliateId}&sub1=${sub1}&source=feed`, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
  })
  await response.arrayBuffer()
  if (response.status !== 302) throw new Error(`click refused: ${response.status}`)
  return new URL(response.headers.get('location')!).searchParams.get('c')!
}

test.group('Postbacks: click.recorded webhook', (group) => {
  group.each.setup(() => {
    const previous = { allow: process.env.AFFIX_OUTBOUND_ALLOW, lag: process.env.AFFIX_CLICK_FEED_LAG_SECONDS }
    process.env.AFFIX_OUTBOUND_ALLOW = '127.0.0.1'
    process.env.AFFIX_CLICK_FEED_LAG_SECONDS = '0'
    return () => {
      for (const [name, value] of [
        ['AFFIX_OUTBOUND_ALLOW', previous.allow],
        ['AFFIX_CLICK_FEED_LAG_SECONDS', previous.lag],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })

  test('sends the clicks recorded since the last run, signed, each once; other organisations stay out', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const other = await organization()
    const otherAffiliate = await affiliate(other.orgId)
    const hooks = await receiver()
    const feed = postbacksPlugin.jobs!.clicks
    try {
      const created = await client
        .post(`${API}/webhook-configs`)
        .bearerToken(tenant.token)
        .json({ name: 'Click feed', url: `${hooks.base}/clicks`, events: ['click.recorded'] })
      created.assertStatus(201)
      const unsubscribed = await client
        .post(`${API}/webhook-configs`)
        .bearerToken(tenant.token)
        .json({ name: 'Players only', url: `${hooks.base}/players`, events: ['customer.registered'] })
      unsubscribed.assertStatus(201)
      // The first run starts the feed at the present: earlier clicks are not sent.
      await click(campaignId, aff.user.id, 'before')
      await new Promise((done) => setTimeout(done, 20))
      await feed()
      const first = [
        await click(campaignId, aff.user.id, 'one'),
        await click(campaignId, aff.user.id, 'two'),
        await click(campaignId, aff.user.id, 'three'),
      ]
      await click(other.campaignId, otherAffiliate.user.id, 'elsewhere')
      await feed()
      await waitFor(async () => hooks.requests.length === 1, 20_000, 'the first slice')
      const sent = hooks.requests[0]
      assert.equal(sent.url.pathname, '/clicks')
      assert.isTrue(verifySignature(created.body().data.secret, String(sent.headers['x-affix-signature']), sent.body))
      const body = JSON.parse(sent.body)
      assert.equal(body.type, 'click.recorded')
      assert.deepEqual(
        body.data.clicks.map((entry: any) => entry.clickId),
        first
      )
      assert.deepInclude(body.data.clicks[0], {
        campaignId,
        affiliateId: aff.user.id,
        outcome: 'redirect',
        source: 'feed',
        params: { sub1: 'one' },
      })
      assert.notProperty(body.data.clicks[0], 'ip')
      assert.equal(
        body.id,
        eventIdFor(orgId, 'webhook', created.body().data.id, `click.recorded:${first[0]}:${first[2]}`)
      )

      // Nothing new: nothing sent. Then the next clicks only.
      await feed()
      const next = await click(campaignId, aff.user.id, 'four')
      await feed()
      await waitFor(async () => hooks.requests.length === 2, 20_000, 'the second slice')
      await new Promise((done) => setTimeout(done, 1000))
      assert.lengthOf(hooks.requests, 2)
      assert.deepEqual(
        JSON.parse(hooks.requests[1].body).data.clicks.map((entry: any) => entry.clickId),
        [next]
      )
      const log = await client.get(`${API}/webhook_logs`).bearerToken(tenant.token)
      assert.deepEqual(
        log.body().data.map((row: any) => row.event),
        ['click.recorded', 'click.recorded']
      )
      // The other organisation has no webhook: no cursor, no delivery.
      assert.isNull(await db.from('postback_click_cursors').where('organization_id', other.orgId).first())
      assert.lengthOf(await db.from('postback_deliveries').where('organization_id', other.orgId), 0)
    } finally {
      await hooks.close()
    }
  }).timeout(60_000)
})
