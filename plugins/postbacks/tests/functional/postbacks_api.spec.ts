import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { verifySignature } from '../../src/delivery/signing.js'
import { API, affiliate, organization, receiver, settings } from './helpers.js'

/*
 * The API around postbacks: the §5 URL validator, who may see and change what (spec §6),
 * the test tool and the SSRF guard.
 */
test.group('Postbacks: API', () => {
  test('the URL passes the campaigns URL validator, with its messages', async ({ client, assert }) => {
    const { tenant } = await organization()
    const aff = await affiliate(tenant.org.id)
    const noMacro = await client
      .post(`${API}/postback`)
      .bearerToken(tenant.token)
      .json({ name: 'x', affiliateId: aff.user.id, events: ['ftd'], url: 'https://tracker.example.com/pb' })
    noMacro.assertStatus(422)
    assert.equal(
      noMacro.body().error.message,
      'Please include at least click_id, customer_id, txn_id, event_id macros in the URL:'
    )
    const invalid = await client
      .post(`${API}/postback`)
      .bearerToken(tenant.token)
      .header('accept-language', 'pt')
      .json({ name: 'x', affiliateId: aff.user.id, events: ['ftd'], url: 'not a url' })
    invalid.assertStatus(422)
    assert.notEqual(invalid.body().error.message, 'campaigns.url_validator.invalid')
    // A signed JSON postback needs no macro, and answers its secret once.
    const json = await client
      .post(`${API}/postback`)
      .bearerToken(tenant.token)
      .json({
        name: 'json',
        affiliateId: aff.user.id,
        events: ['ftd'],
        method: 'post',
        url: 'https://t.example.com/in',
      })
    json.assertStatus(201)
    assert.match(json.body().data.secret, /^whsec_/)
    const again = await client.get(`${API}/postback/${json.body().data.id}`).bearerToken(tenant.token)
    assert.notProperty(again.body().data, 'secret')
    assert.isTrue(again.body().data.hasSecret)
  })

  test('affiliates manage their own postbacks only, and only where the organisation allows', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const one = await affiliate(orgId)
    const other = await affiliate(orgId)
    const own = await client
      .post(`${API}/postback`)
      .bearerToken(one.token)
      .json({ name: 'mine', events: ['registration'], url: 'https://t.example.com/pb?c={click_id}' })
    own.assertStatus(201)
    assert.equal(own.body().data.affiliateId, one.user.id)
    const id = own.body().data.id
    const forOther = await client
      .post(`${API}/postback`)
      .bearerToken(one.token)
      .json({
        name: 'theirs',
        affiliateId: other.user.id,
        events: ['ftd'],
        url: 'https://t.example.com/pb?c={click_id}',
      })
    forOther.assertStatus(403)
    const global = await client
      .post(`${API}/postback`)
      .bearerToken(tenant.token)
      .json({ name: 'network', events: ['ftd'], url: 'https://bi.example.com/pb?c={click_id}' })
    global.assertStatus(201)

    for (const call of [
      client.get(`${API}/postback/${id}`),
      client.patch(`${API}/postback/${id}`).json({ name: 'stolen' }),
      client.delete(`${API}/postback/${id}`),
      client.post(`${API}/postback/${id}/test`),
    ])
      (await call.bearerToken(other.token)).assertStatus(404)
    const otherList = await client.get(`${API}/postback`).bearerToken(other.token)
    assert.lengthOf(otherList.body().data, 0)
    const oneList = await client.get(`${API}/postback`).bearerToken(one.token)
    assert.deepEqual(
      oneList.body().data.map((row: any) => row.id),
      [id]
    )
    ;(await client.get(`${API}/pbrules`).bearerToken(one.token)).assertStatus(403)

    await settings(client, tenant.token, { affiliatesManagePostbacks: false })
    const refused = await client.patch(`${API}/postback/${id}`).bearerToken(one.token).json({ name: 'renamed' })
    refused.assertStatus(403)
    assert.equal(refused.body().error.message, 'You are not allowed to update the Postback URLs')
    const refusedTr = await client
      .post(`${API}/postback`)
      .bearerToken(one.token)
      .header('accept-language', 'tr')
      .json({ name: 'x', events: ['ftd'], url: 'https://t.example.com/pb?c={click_id}' })
    refusedTr.assertStatus(403)
    assert.equal(refusedTr.body().error.message, "Postback URL'lerini güncelleme izniniz yok")
    // Reading stays allowed; the network still manages it.
    ;(await client.get(`${API}/postback/${id}`).bearerToken(one.token)).assertStatus(200)
    ;(await client.patch(`${API}/postback/${id}`).bearerToken(tenant.token).json({ name: 'by network' })).assertStatus(
      200
    )

    const stranger = await organization()
    for (const path of [`/postback/${id}`, `/postback/${global.body().data.id}`])
      (await client.get(`${API}${path}`).bearerToken(stranger.tenant.token)).assertStatus(404)
    const strangerList = await client.get(`${API}/postback`).bearerToken(stranger.tenant.token)
    assert.lengthOf(strangerList.body().data, 0)
  })

  test('affiliates never see another affiliate’s log lines', async ({ client, assert }) => {
    const { orgId } = await organization()
    const one = await affiliate(orgId)
    const other = await affiliate(orgId)
    process.env.AFFIX_OUTBOUND_ALLOW = '127.0.0.1'
    const healthy = await receiver()
    try {
      const tested = await client
        .post(`${API}/postback-test`)
        .bearerToken(one.token)
        .json({ url: `${healthy.base}/pb?c={click_id}`, event: 'ftd' })
      tested.assertStatus(200)
      const mine = await client.get(`${API}/postback-log`).bearerToken(one.token)
      assert.lengthOf(mine.body().data, 1)
      const lineId = mine.body().data[0].id
      const theirs = await client.get(`${API}/postback-log`).bearerToken(other.token)
      assert.lengthOf(theirs.body().data, 0)
      ;(await client.get(`${API}/postback-log/${lineId}`).bearerToken(other.token)).assertStatus(404)
      ;(await client.post(`${API}/postback-log/${lineId}/resend`).bearerToken(other.token)).assertStatus(404)
    } finally {
      delete process.env.AFFIX_OUTBOUND_ALLOW
      await healthy.close()
    }
  })

  test('the test tool answers the exact request and response and creates no conversion', async ({ client, assert }) => {
    const { tenant, orgId } = await organization()
    process.env.AFFIX_OUTBOUND_ALLOW = '127.0.0.1'
    const healthy = await receiver()
    try {
      const response = await client
        .post(`${API}/postback-test`)
        .bearerToken(tenant.token)
        .json({ url: `${healthy.base}/pb?c={click_id}&a={amount}&e={event}&t=1`, event: 'deposit' })
      response.assertStatus(200)
      const { request, response: answer } = response.body().data
      assert.equal(request.method, 'GET')
      assert.equal(request.url, `${healthy.base}/pb?c=00000000-0000-4000-8000-000000000000&a=100.00&e=deposit&t=1`)
      assert.include(answer, { ok: true, statusCode: 200, body: 'OK' })
      assert.lengthOf(healthy.requests, 1)
      assert.equal(`${healthy.base}${healthy.requests[0].url.pathname}${healthy.requests[0].url.search}`, request.url)

      const signed = await client
        .post(`${API}/postback-test`)
        .bearerToken(tenant.token)
        .json({ url: `${healthy.base}/json`, method: 'post', secret: 'my-secret', event: 'ftd' })
      const sent = healthy.requests[1]
      assert.equal(sent.body, signed.body().data.request.body)
      assert.equal(JSON.parse(sent.body).test, '1')
      assert.isTrue(verifySignature('my-secret', String(sent.headers['x-affix-signature']), sent.body))

      const conversions = await db.from('customer_conversions').where('organization_id', orgId).count('* as total')
      assert.equal(Number(conversions[0].total), 0)
      const customers = await db.from('customers').where('organization_id', orgId).count('* as total')
      assert.equal(Number(customers[0].total), 0)
      const log = await client.get(`${API}/postback-log`).bearerToken(tenant.token)
      assert.deepEqual(
        log.body().data.map((row: any) => row.event),
        ['test.ftd', 'test.deposit']
      )
    } finally {
      delete process.env.AFFIX_OUTBOUND_ALLOW
      await healthy.close()
    }
  })

  test('the test tool is limited per panel (30 tests in 10 minutes)', async ({ client, assert }) => {
    const { tenant } = await organization()
    // Refused by the SSRF guard (no request leaves), yet each call counts.
    delete process.env.AFFIX_OUTBOUND_ALLOW
    const body = { url: 'http://127.0.0.1:1/pb?c={click_id}' }
    for (let i = 0; i < 30; i++)
      (await client.post(`${API}/postback-test`).bearerToken(tenant.token).json(body)).assertStatus(200)
    const limited = await client.post(`${API}/postback-test`).bearerToken(tenant.token).json(body)
    limited.assertStatus(429)
    assert.isAbove(Number(limited.header('retry-after')), 0)
    assert.isString(limited.body().error.message)
  })

  test('the SSRF guard refuses internal targets unless allow-listed', async ({ client, assert }) => {
    const { tenant } = await organization()
    const healthy = await receiver()
    try {
      delete process.env.AFFIX_OUTBOUND_ALLOW
      for (const url of [
        `${healthy.base}/pb?c={click_id}`,
        'http://localhost:1/pb?c={click_id}',
        'http://[::1]:1/pb?c={click_id}',
        'http://169.254.169.254/latest?c={click_id}',
      ]) {
        const refused = await client.post(`${API}/postback-test`).bearerToken(tenant.token).json({ url })
        refused.assertStatus(200)
        assert.isFalse(refused.body().data.response.ok)
        assert.include(refused.body().data.response.error, 'internal address')
      }
      assert.lengthOf(healthy.requests, 0)
      process.env.AFFIX_OUTBOUND_ALLOW = '127.0.0.0/8'
      const allowed = await client
        .post(`${API}/postback-test`)
        .bearerToken(tenant.token)
        .json({ url: `${healthy.base}/pb?c={click_id}` })
      assert.isTrue(allowed.body().data.response.ok)
    } finally {
      delete process.env.AFFIX_OUTBOUND_ALLOW
      await healthy.close()
    }
  })

  test('a redirect is not followed and a huge answer is cut', async ({ client, assert }) => {
    const { tenant } = await organization()
    process.env.AFFIX_OUTBOUND_ALLOW = '127.0.0.1'
    const { createServer } = await import('node:http')
    let followed = 0
    const server = createServer((request, response) => {
      if (request.url!.startsWith('/loop')) {
        response.writeHead(302, { location: '/loop2' })
        return response.end()
      }
      if (request.url!.startsWith('/loop2')) followed++
      response.writeHead(200)
      response.end(Buffer.alloc(10 * 1024 * 1024, 'a'))
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const port = (server.address() as any).port
    try {
      const redirect = await client
        .post(`${API}/postback-test`)
        .bearerToken(tenant.token)
        .json({ url: `http://127.0.0.1:${port}/loop?c={click_id}` })
      assert.include(redirect.body().data.response, { ok: false, statusCode: 302, error: 'redirect not followed' })
      assert.equal(followed, 0)
      const huge = await client
        .post(`${API}/postback-test`)
        .bearerToken(tenant.token)
        .json({ url: `http://127.0.0.1:${port}/big?c={click_id}` })
      assert.isTrue(huge.body().data.response.ok)
      assert.isAtMost(huge.body().data.response.body.length, 1024)
    } finally {
      delete process.env.AFFIX_OUTBOUND_ALLOW
      await new Promise((done) => server.close(done))
    }
  })
})
