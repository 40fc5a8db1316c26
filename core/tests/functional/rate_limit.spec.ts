import { test } from '@japa/runner'
import { Redis } from 'ioredis'
import limiter from '@adonisjs/limiter/services/main'
import { createTenant } from '#tests/helpers/fixtures'
import { LIMITER_KEY_PREFIX } from '#config/limiter'
import { API_REQUESTS_PER_MINUTE } from '#middleware/auth_middleware'

const SPEC_MESSAGE_EN =
  "Hold up! Looks like you've been moving too fast. Why not take a sip of coffee and wait a moment before trying again?"
const SPEC_MESSAGE_PT =
  'Calma! Parece que você está indo rápido demais. Que tal um gole de café e esperar um momento antes de tentar novamente?'

test.group('Rate limits (@adonisjs/limiter)', () => {
  test('the 11th login for one e-mail within a minute is a 429 in the caller language; other e-mails go on', async ({
    client,
    assert,
  }) => {
    const { user } = await createTenant('admin')
    const { user: other, password } = await createTenant('admin')
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#1234' })
      wrong.assertStatus(401)
    }

    const blocked = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email.toUpperCase(), password: 'Wrong#1234' })
    blocked.assertStatus(429)
    assert.deepInclude(blocked.body(), { success: false, data: null, status: 429, type: 'rate_limited' })
    assert.equal(blocked.body().error.message, SPEC_MESSAGE_EN)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAtLeast(retryAfter, 1)
    assert.isAtMost(retryAfter, 60)
    assert.equal(blocked.header('x-ratelimit-limit'), '10')
    assert.equal(blocked.header('x-ratelimit-remaining'), '0')

    const blockedPt = await client
      .post('/api/v1/auth/login')
      .header('accept-language', 'pt')
      .json({ email: user.email, password: 'Test#12345' })
    blockedPt.assertStatus(429)
    assert.equal(blockedPt.body().error.message, SPEC_MESSAGE_PT)
    assert.exists(blockedPt.header('retry-after'))

    const unaffected = await client.post('/api/v1/auth/login').json({ email: other.email, password })
    unaffected.assertStatus(200)
    assert.isString(unaffected.body().data.token)
  })

  test('counters live in Redis under the namespace when REDIS_URL is set, in memory otherwise', async ({
    client,
    assert,
  }) => {
    const { user } = await createTenant('admin')
    for (let attempt = 0; attempt < 3; attempt++) {
      await client.post('/api/v1/auth/login').json({ email: user.email, password: 'Wrong#1234' })
    }
    assert.include(LIMITER_KEY_PREFIX, process.env.AFFIX_COUNTER_NAMESPACE!)
    if (!process.env.REDIS_URL) {
      assert.equal(limiter.config.default, 'memory')
      return
    }
    assert.equal(limiter.config.default, 'redis')
    const redis = new Redis(process.env.REDIS_URL)
    try {
      const key = `${LIMITER_KEY_PREFIX}:login:email:${user.email.toLowerCase()}`
      assert.equal(await redis.get(key), '3')
      const ttl = await redis.pttl(key)
      assert.isAbove(ttl, 0)
      assert.isAtMost(ttl, 60_000)
      assert.include(await redis.keys(`${LIMITER_KEY_PREFIX}:login:ip:*`), `${LIMITER_KEY_PREFIX}:login:ip:127.0.0.1`)
    } finally {
      redis.disconnect()
    }
  })

  test('password reset requests are limited per address with the same 429', async ({ client, assert }) => {
    const { user } = await createTenant('admin')
    for (let attempt = 0; attempt < 5; attempt++) {
      ;(await client.post('/api/v1/auth/password/forgot').json({ email: user.email })).assertStatus(200)
    }
    const blocked = await client
      .post('/api/v1/auth/password/forgot')
      .header('accept-language', 'pt')
      .json({ email: user.email })
    blocked.assertStatus(429)
    assert.equal(blocked.body().error.message, SPEC_MESSAGE_PT)
    assert.equal(blocked.header('x-ratelimit-limit'), '5')
    assert.isAtMost(Number(blocked.header('retry-after')), 900)
  })

  test('authenticated API calls are throttled per panel and report what is left', async ({ client, assert }) => {
    const { user, token } = await createTenant('admin')
    const { token: otherToken } = await createTenant('admin')
    const first = await client.get('/api/v1/account').bearerToken(token)
    first.assertStatus(200)
    assert.equal(first.header('x-ratelimit-limit'), String(API_REQUESTS_PER_MINUTE))
    assert.equal(first.header('x-ratelimit-remaining'), String(API_REQUESTS_PER_MINUTE - 1))

    // Spend the rest of this minute's allowance without sending 1,200 requests.
    await limiter
      .use({ requests: API_REQUESTS_PER_MINUTE, duration: 60 })
      .set(`api:user:${user.id}`, API_REQUESTS_PER_MINUTE, 60)
    const blocked = await client.get('/api/v1/account').bearerToken(token)
    blocked.assertStatus(429)
    assert.equal(blocked.body().error.message, SPEC_MESSAGE_EN)
    assert.exists(blocked.header('retry-after'))
    ;(await client.get('/api/v1/account').bearerToken(otherToken)).assertStatus(200)
  })
})
