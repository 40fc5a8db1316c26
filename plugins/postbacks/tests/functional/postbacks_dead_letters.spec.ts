import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eventIdFor } from '../../src/delivery/macros.js'
import { API, affiliate, organization, receiver, waitFor } from './helpers.js'

/*
 * The dead-letter lists and resending one dead letter by its delivery id (a delivery that
 * gave up, possibly without any attempt to resend from): same event_id, a fresh retry
 * budget, and only what the caller may manage.
 */
const ALLOW = '127.0.0.1'

async function deadLetter(
  orgId: number,
  target: { kind: 'postback' | 'webhook'; id: number; affiliateId: number | null },
  key: string
) {
  const eventId = eventIdFor(orgId, target.kind, target.id, key)
  const [row] = await db
    .table('postback_deliveries')
    .insert({
      organization_id: orgId,
      kind: target.kind,
      postback_id: target.kind === 'postback' ? target.id : null,
      webhook_id: target.kind === 'webhook' ? target.id : null,
      affiliate_id: target.affiliateId,
      event: target.kind === 'postback' ? 'registration' : 'customer.registered',
      event_id: eventId,
      values: JSON.stringify({ event: 'registration', customer_id: 'dl-1' }),
      status: 'dead',
      attempts: 0,
      last_error: 'target inactive',
    })
    .returning('id')
  return { id: Number(row.id), eventId }
}

test.group('Postbacks: dead letters', (group) => {
  let previous: string | undefined
  group.each.setup(() => {
    previous = process.env.AFFIX_OUTBOUND_ALLOW
    process.env.AFFIX_OUTBOUND_ALLOW = ALLOW
    return () => {
      if (previous === undefined) delete process.env.AFFIX_OUTBOUND_ALLOW
      else process.env.AFFIX_OUTBOUND_ALLOW = previous
    }
  })

  test('one dead letter is resent by its id; others cannot touch it; a delivered one is not a dead letter', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const owner = await affiliate(orgId)
    const stranger = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const postback = await client
        .post(`${API}/postback`)
        .bearerToken(owner.token)
        .json({ name: 'Mine', events: ['registration'], url: `${healthy.base}/pb?cid={customer_id}&eid={event_id}` })
      postback.assertStatus(201)
      const theirs = await client
        .post(`${API}/postback`)
        .bearerToken(stranger.token)
        .json({ name: 'Theirs', events: ['registration'], url: `${healthy.base}/other?eid={event_id}` })
      const webhook = await client
        .post(`${API}/webhook-configs`)
        .bearerToken(tenant.token)
        .json({ name: 'Hook', url: `${healthy.base}/hook`, events: ['customer.registered'] })
      const mine = await deadLetter(
        orgId,
        { kind: 'postback', id: postback.body().data.id, affiliateId: owner.user.id },
        'registration:1'
      )
      await deadLetter(
        orgId,
        { kind: 'postback', id: theirs.body().data.id, affiliateId: stranger.user.id },
        'registration:2'
      )
      const hook = await deadLetter(orgId, { kind: 'webhook', id: webhook.body().data.id, affiliateId: null }, 'c:1')

      const listed = await client.get(`${API}/postback-dead-letters`).bearerToken(tenant.token)
      assert.lengthOf(listed.body().data, 2)
      const own = await client.get(`${API}/postback-dead-letters`).bearerToken(owner.token)
      assert.deepEqual(
        own.body().data.map((row: any) => row.id),
        [mine.id]
      )

      const foreign = await client.post(`${API}/postback-dead-letters/${mine.id}/resend`).bearerToken(stranger.token)
      foreign.assertStatus(404)
      const wrongKind = await client.post(`${API}/webhook-dead-letters/${mine.id}/resend`).bearerToken(tenant.token)
      wrongKind.assertStatus(404)
      const resent = await client.post(`${API}/postback-dead-letters/${mine.id}/resend`).bearerToken(owner.token)
      resent.assertStatus(200)
      assert.deepEqual(resent.body().data, { deliveries: 1 })
      await waitFor(async () => healthy.requests.some((request) => request.url.pathname === '/pb'), 20_000, 'resend')
      const request = healthy.requests.find((entry) => entry.url.pathname === '/pb')!
      assert.equal(request.url.searchParams.get('eid'), mine.eventId)
      assert.equal(request.url.searchParams.get('cid'), 'dl-1')
      await waitFor(
        async () => (await db.from('postback_deliveries').where('id', mine.id).first()).status === 'delivered',
        10_000
      )
      // Delivered now: no longer a dead letter.
      const again = await client.post(`${API}/postback-dead-letters/${mine.id}/resend`).bearerToken(owner.token)
      again.assertStatus(404)

      const hookByAffiliate = await client
        .post(`${API}/webhook-dead-letters/${hook.id}/resend`)
        .bearerToken(owner.token)
      hookByAffiliate.assertStatus(403)
      const hookResent = await client.post(`${API}/webhook-dead-letters/${hook.id}/resend`).bearerToken(tenant.token)
      hookResent.assertStatus(200)
      await waitFor(async () => healthy.requests.some((entry) => entry.url.pathname === '/hook'), 20_000, 'webhook')
      assert.equal(
        healthy.requests.find((entry) => entry.url.pathname === '/hook')!.headers['x-affix-event-id'],
        hook.eventId
      )
      const missing = await client.post(`${API}/postback-dead-letters/999999999/resend`).bearerToken(tenant.token)
      missing.assertStatus(404)
      assert.equal(missing.body().error.message.length > 0, true)
    } finally {
      await healthy.close()
    }
  }).timeout(60_000)
})
