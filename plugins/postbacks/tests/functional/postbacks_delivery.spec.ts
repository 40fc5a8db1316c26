import { test } from '@japa/runner'
import { startSmtpServer } from '@affix/core/testing'
import db from '@adonisjs/lucid/services/db'
import { eventIdFor } from '../../src/delivery/macros.js'
import { verifySignature } from '../../src/delivery/signing.js'
import { API, affiliate, idle, organization, receiver, register, settings, today, waitFor } from './helpers.js'

/*
 * Delivery end to end against real local receivers: events of the customers plugin fan out
 * to postbacks and webhooks through the job queue; healthy, failing and flapping receivers.
 */
const ALLOW = '127.0.0.1'

test.group('Postbacks: delivery', (group) => {
  let previous: string | undefined
  group.each.setup(() => {
    previous = process.env.AFFIX_OUTBOUND_ALLOW
    process.env.AFFIX_OUTBOUND_ALLOW = ALLOW
    return () => {
      if (previous === undefined) delete process.env.AFFIX_OUTBOUND_ALLOW
      else process.env.AFFIX_OUTBOUND_ALLOW = previous
    }
  })

  test('a healthy receiver gets every registration exactly once, macros filled', async ({ client, assert }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Tracker',
          affiliateId: aff.user.id,
          events: ['registration'],
          url: `${healthy.base}/pb?cid={customer_id}&e={event}&eid={event_id}&pub={pub_id}&camp={campaign_id}&x={unknown}`,
        })
      created.assertStatus(201)
      const customers = await register(
        client,
        tenant.token,
        Array.from({ length: 5 }, (_, index) => ({
          cuid: `player-${index}`,
          date: today(),
          curr: 'USD',
          campaign_id: campaignId,
          pub_id: aff.user.id,
        }))
      )
      await waitFor(async () => healthy.requests.length >= 5 && (await idle(orgId)), 30_000, 'five deliveries')
      // Both events that announce a registration (customer registered, registration conversion) ran: still one each.
      await new Promise((done) => setTimeout(done, 1500))
      assert.lengthOf(healthy.requests, 5)
      const eventIds = healthy.requests.map((request) => request.url.searchParams.get('eid'))
      assert.lengthOf(new Set(eventIds), 5)
      assert.sameMembers(
        eventIds,
        customers.map((customer) =>
          eventIdFor(orgId, 'postback', created.body().data.id, `registration:${customer.id}`)
        )
      )
      for (const request of healthy.requests) {
        assert.equal(request.url.searchParams.get('e'), 'registration')
        assert.equal(request.url.searchParams.get('pub'), String(aff.user.id))
        assert.equal(request.url.searchParams.get('camp'), String(campaignId))
        // The organisation does not mask customer ids (the default): raw; unknown macros stay as written.
        assert.match(request.url.searchParams.get('cid')!, /^player-\d$/)
        assert.equal(request.url.searchParams.get('x'), '{unknown}')
        assert.equal(request.headers['x-affix-event-id'], request.url.searchParams.get('eid'))
      }
      const log = await client.get(`${API}/postback-log`).bearerToken(aff.token)
      log.assertStatus(200)
      assert.lengthOf(log.body().data, 5)
      assert.isTrue(log.body().data.every((row: any) => row.outcome === 'success' && row.attempt === 1))
      const csv = await client.get(`${API}/postback-log/export`).bearerToken(tenant.token)
      csv.assertStatus(200)
      assert.equal(csv.text().trim().split('\n').length, 6)
    } finally {
      await healthy.close()
    }
  }).timeout(60_000)

  test('a receiver down for a while gets every event after recovery, with the same event_id', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    await settings(client, tenant.token, { retryBaseSeconds: 1 })
    const aff = await affiliate(orgId)
    let down = true
    const flapping = await receiver(() => ({ status: down ? 503 : 200 }))
    try {
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Flapping',
          affiliateId: aff.user.id,
          events: ['registration'],
          url: `${flapping.base}/pb?eid={event_id}`,
        })
      created.assertStatus(201)
      const customers = await register(
        client,
        tenant.token,
        Array.from({ length: 3 }, (_, index) => ({
          cuid: `down-${index}`,
          date: today(),
          curr: 'USD',
          campaign_id: campaignId,
          pub_id: aff.user.id,
        }))
      )
      await waitFor(async () => flapping.requests.length >= 6, 30_000, 'two failed rounds')
      down = false
      await waitFor(
        async () => {
          const row = await db
            .from('postback_deliveries')
            .where({ organization_id: orgId, status: 'delivered' })
            .count('* as total')
            .first()
          return Number(row.total) === 3
        },
        40_000,
        'recovery'
      )
      const delivered = flapping.requests.slice(flapping.requests.findLastIndex(() => true) - 2)
      const expected = customers.map((customer) =>
        eventIdFor(orgId, 'postback', created.body().data.id, `registration:${customer.id}`)
      )
      // Every attempt of an event carried the same id; each event succeeded once.
      assert.sameMembers(
        [...new Set(flapping.requests.map((request) => request.url.searchParams.get('eid')))],
        expected
      )
      const attempts = await db.from('postback_attempts').where('organization_id', orgId).orderBy('id')
      const successes = attempts.filter((row) => row.outcome === 'success')
      assert.sameMembers(
        successes.map((row) => row.event_id),
        expected
      )
      assert.isTrue(attempts.some((row) => row.outcome === 'failure' && row.status_code === 503 && row.attempt === 2))
      assert.isAtLeast(delivered.length, 1)
    } finally {
      await flapping.close()
    }
  }).timeout(90_000)

  test('the postback is disabled at the failure threshold and the affiliate gets a notice and a mail', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    await settings(client, tenant.token, { autoDisableAfter: 3, retryBaseSeconds: 1, maxAttempts: 7 })
    const aff = await affiliate(orgId)
    const failing = await receiver(() => ({ status: 500 }))
    const smtp = await startSmtpServer()
    const previousSmtp = process.env.SMTP_URL
    process.env.SMTP_URL = smtp.url
    try {
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Broken',
          affiliateId: aff.user.id,
          events: ['registration'],
          url: `${failing.base}/pb?eid={event_id}`,
        })
      const id = created.body().data.id
      await register(client, tenant.token, [
        { cuid: 'f-1', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      await waitFor(
        async () =>
          (await client.get(`${API}/postback/${id}`).bearerToken(aff.token)).body().data.status === 'disabled',
        30_000,
        'auto-disable'
      )
      const postback = (await client.get(`${API}/postback/${id}`).bearerToken(aff.token)).body().data
      assert.equal(postback.consecutiveFailures, 3)
      // Disabled at the third failure: no fourth request.
      await new Promise((done) => setTimeout(done, 2500))
      assert.lengthOf(failing.requests, 3)
      const notices = await client.get(`${API}/postback-notices`).bearerToken(aff.token)
      assert.lengthOf(notices.body().data, 1)
      assert.include(notices.body().data[0], { postbackId: id, failures: 3, kind: 'auto_disabled' })
      assert.include(notices.body().data[0].message, 'Disabled after 3 consecutive failed attempts')
      const managerView = await client.get(`${API}/postback-notices`).bearerToken(tenant.token)
      assert.lengthOf(managerView.body().data, 1)
      // And mailed to the affiliate, linking to the postback in its panel (configured address only).
      const mail = await waitFor(async () => smtp.inbox.find((entry) => entry.to.includes(aff.user.email)), 10_000)
      assert.include(mail.raw, 'Broken was disabled after 3 failed attempts')
      assert.include(mail.text, `/manage/postback/${id}`)
      assert.lengthOf(smtp.inbox, 1)
      // The delivery waiting for its retry gives up into the dead-letter list, ready to be resent.
      await waitFor(async () => {
        const dead = await client.get(`${API}/postback-dead-letters`).bearerToken(tenant.token)
        return dead.body().data.length === 1 ? dead : undefined
      }, 20_000)
      // Turned back on with the receiver fixed, the dead letter is resent with its event id.
      const fixed = await receiver()
      await client
        .patch(`${API}/postback/${id}`)
        .bearerToken(tenant.token)
        .json({ status: 'active', url: `${fixed.base}/pb?eid={event_id}` })
      const range = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() }
      const resent = await client.post(`${API}/postback-log/resend-failed`).bearerToken(tenant.token).json(range)
      resent.assertStatus(200)
      assert.equal(resent.body().data.deliveries, 1)
      await waitFor(async () => fixed.requests.length === 1, 20_000, 'resend')
      assert.equal(fixed.requests[0].url.searchParams.get('eid'), failing.requests[0].url.searchParams.get('eid'))
      await fixed.close()
    } finally {
      await failing.close()
      await smtp.close()
      if (previousSmtp === undefined) delete process.env.SMTP_URL
      else process.env.SMTP_URL = previousSmtp
    }
  }).timeout(90_000)

  test('FTD and commission events reach the postback with amount and payout', async ({ client, assert }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const plan = await client.put(`/api/v1/campaigns/campaigns/${campaignId}/payout`).bearerToken(tenant.token).json({
        model: 'hybrid',
        goal: 'ftd',
        cpaPayout: 40,
        cpaFtdP: 50,
        cpaRegP: '2.5',
        cpsNgrP: 25,
      })
      plan.assertStatus(200)
      await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Money',
          affiliateId: aff.user.id,
          events: ['ftd', 'commission_created'],
          url: `${healthy.base}/pb?e={event}&a={amount}&p={payout}&c={currency}&cid={customer_id}&eid={event_id}`,
        })
      await register(client, tenant.token, [
        { cuid: 'money-1', date: today(), curr: 'USD', country: 'BR', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      const activity = await client
        .post('/api/v1/customers/activity/batch')
        .bearerToken(tenant.token)
        .json({ rows: [{ cuid: 'money-1', date: today(), txn_id: 'm-1', deposits: 100, deposit_count: 1, ftd: 1 }] })
      activity.assertStatus(200)
      await waitFor(
        async () =>
          healthy.requests.some((request) => request.url.searchParams.get('e') === 'ftd') &&
          healthy.requests.filter((request) => request.url.searchParams.get('e') === 'commission_created').length >= 2,
        40_000,
        'ftd and commission postbacks'
      )
      await new Promise((done) => setTimeout(done, 1500))
      const ftd = healthy.requests.filter((request) => request.url.searchParams.get('e') === 'ftd')
      assert.lengthOf(ftd, 1)
      assert.equal(Number(ftd[0].url.searchParams.get('a')), 100)
      assert.equal(ftd[0].url.searchParams.get('c'), 'USD')
      const payouts = healthy.requests
        .filter((request) => request.url.searchParams.get('e') === 'commission_created')
        .map((request) => request.url.searchParams.get('p'))
      assert.includeMembers(payouts, ['50.00', '2.50'])
      assert.isTrue(healthy.requests.every((request) => request.url.searchParams.get('cid') === 'money-1'))
      const eventIds = healthy.requests.map((request) => request.url.searchParams.get('eid'))
      assert.lengthOf(new Set(eventIds), eventIds.length)
    } finally {
      await healthy.close()
    }
  }).timeout(60_000)

  test('postback rules decide: a skip rule by country, a sampled fire rule', async ({ client, assert }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const healthy = await receiver()
    try {
      const created = await client
        .post(`${API}/postback`)
        .bearerToken(tenant.token)
        .json({
          name: 'Ruled',
          affiliateId: aff.user.id,
          events: ['registration'],
          url: `${healthy.base}/pb?eid={event_id}`,
        })
      const postbackId = created.body().data.id
      const skip = await client
        .post(`${API}/pbrules`)
        .bearerToken(tenant.token)
        .json({ postbackId, name: 'No Brazil', action: 'skip', priority: 1, countries: ['br'] })
      skip.assertStatus(201)
      assert.deepEqual(skip.body().data.countries, ['BR'])
      const none = await client
        .post(`${API}/pbrules`)
        .bearerToken(tenant.token)
        .json({ postbackId, name: 'Portugal never', action: 'fire', priority: 2, countries: ['PT'], samplePercent: 0 })
      none.assertStatus(201)
      const bad = await client
        .post(`${API}/pbrules`)
        .bearerToken(tenant.token)
        .json({ postbackId, name: 'Bad', minAmount: '10', maxAmount: '5' })
      bad.assertStatus(422)
      assert.equal(bad.body().error.message, 'The minimum amount is above the maximum amount')
      const customers = await register(client, tenant.token, [
        { cuid: 'r-br', date: today(), curr: 'USD', country: 'BR', campaign_id: campaignId, pub_id: aff.user.id },
        { cuid: 'r-pt', date: today(), curr: 'USD', country: 'PT', campaign_id: campaignId, pub_id: aff.user.id },
        { cuid: 'r-de', date: today(), curr: 'USD', country: 'DE', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      await waitFor(async () => healthy.requests.length >= 1 && (await idle(orgId)), 30_000, 'the German player')
      await new Promise((done) => setTimeout(done, 1500))
      // Only the player no rule matched (DE) fired.
      assert.deepEqual(
        healthy.requests.map((request) => request.url.searchParams.get('eid')),
        [eventIdFor(orgId, 'postback', postbackId, `registration:${customers[2].id}`)]
      )
    } finally {
      await healthy.close()
    }
  }).timeout(60_000)

  test('a slow receiver times out, is logged, and does not block other deliveries', async ({ client, assert }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    process.env.AFFIX_POSTBACK_TIMEOUT_MS = '700'
    const slow = await receiver(() => ({ status: 200, delay: 3000 }))
    const healthy = await receiver()
    try {
      for (const base of [slow.base, healthy.base])
        await client
          .post(`${API}/postback`)
          .bearerToken(tenant.token)
          .json({ name: base, affiliateId: aff.user.id, events: ['registration'], url: `${base}/pb?eid={event_id}` })
      await register(client, tenant.token, [
        { cuid: 's-1', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      await waitFor(
        async () => (await db.from('postback_attempts').where('organization_id', orgId)).length === 2,
        20_000,
        'two attempts'
      )
      const attempts = await db.from('postback_attempts').where('organization_id', orgId).orderBy('latency_ms')
      assert.equal(attempts[0].outcome, 'success')
      assert.equal(attempts[1].outcome, 'failure')
      assert.isNull(attempts[1].status_code)
      assert.isBelow(attempts[1].latency_ms, 2900)
    } finally {
      delete process.env.AFFIX_POSTBACK_TIMEOUT_MS
      await slow.close()
      await healthy.close()
    }
  }).timeout(60_000)

  test('webhooks are signed with a timestamp; the secret is shown once and rotates', async ({ client, assert }) => {
    const { tenant, orgId, campaignId } = await organization()
    const aff = await affiliate(orgId)
    const hooks = await receiver()
    try {
      const created = await client
        .post(`${API}/webhook-configs`)
        .bearerToken(tenant.token)
        .json({ name: 'Warehouse', url: `${hooks.base}/hook`, events: ['customer.registered'] })
      created.assertStatus(201)
      const secret = created.body().data.secret as string
      assert.match(secret, /^whsec_/)
      const read = await client.get(`${API}/webhook-configs/${created.body().data.id}`).bearerToken(tenant.token)
      assert.notProperty(read.body().data, 'secret')
      assert.notInclude(read.text(), secret)

      await register(client, tenant.token, [
        { cuid: 'w-1', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      await waitFor(async () => hooks.requests.length === 1, 20_000, 'webhook')
      const first = hooks.requests[0]
      assert.isTrue(verifySignature(secret, String(first.headers['x-affix-signature']), first.body))
      assert.isFalse(verifySignature('whsec_wrong', String(first.headers['x-affix-signature']), first.body))
      assert.isFalse(
        verifySignature(secret, String(first.headers['x-affix-signature']), first.body, 300, Date.now() + 3_600_000)
      )
      const body = JSON.parse(first.body)
      assert.equal(body.type, 'customer.registered')
      assert.equal(body.id, first.headers['x-affix-event-id'])

      const rotated = await client
        .post(`${API}/webhook-configs/${created.body().data.id}/rotate-secret`)
        .bearerToken(tenant.token)
      const fresh = rotated.body().data.secret as string
      assert.notEqual(fresh, secret)
      await register(client, tenant.token, [
        { cuid: 'w-2', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      await waitFor(async () => hooks.requests.length === 2, 20_000, 'second webhook')
      const second = hooks.requests[1]
      assert.isTrue(verifySignature(fresh, String(second.headers['x-affix-signature']), second.body))
      assert.isFalse(verifySignature(secret, String(second.headers['x-affix-signature']), second.body))
      const logs = await client.get(`${API}/webhook_logs`).bearerToken(tenant.token)
      assert.lengthOf(logs.body().data, 2)
      const affiliateView = await client.get(`${API}/webhook_logs`).bearerToken(aff.token)
      affiliateView.assertStatus(403)
    } finally {
      await hooks.close()
    }
  }).timeout(60_000)
})
