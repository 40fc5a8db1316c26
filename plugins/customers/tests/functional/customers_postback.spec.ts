import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, noteJobWorker } from '@affix/core/testing'
import { jobWorkerRunning } from '@affix/core/kernel'
import { postbackProcessor } from '../../src/postback/handler.js'
import { affiliate, campaign, daysAgo, organization, postbacksProcessed } from './helpers.js'

/*
 * The inbound S2S postback (GET or POST /pb/ with the organisation's secret): checked as the
 * ingest checks rows, answered 202 once stored in the inbox, then taken through the same
 * ingest as the batch API; idempotent; logged with its outcome, without the secret.
 */
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

async function postback(query: Record<string, string | number>, init: RequestInit = {}) {
  const url = `${base()}/pb/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`
  const response = await fetch(url, init)
  return { status: response.status, body: (await response.json()) as any }
}

async function secretFor(client: any, token: string) {
  const response = await client.post('/api/v1/customers/postback/secret').bearerToken(token)
  response.assertStatus(201)
  return response.body().data.secret as string
}

test.group('Customers: inbound postback', () => {
  test('a web process without the job worker leaves the ingest to a worker, woken through a job', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { tenant } = await organization()
    const secret = await secretFor(client, tenant.token)
    const processor = postbackProcessor()
    const wake = processor.wake
    const hadWorker = jobWorkerRunning()
    let wokenHere = 0
    processor.wake = () => void wokenHere++
    noteJobWorker(false)
    cleanup(() => {
      processor.wake = wake
      noteJobWorker(hadWorker)
    })
    assert.equal((await postback({ secret, event: 'registration', cuid: 'handed-over' })).status, 202)
    // Within seconds, not at the minutely run: the job started at once by graphile-worker's notification.
    await postbacksProcessed(5_000)
    assert.equal(wokenHere, 0)
    const logged = await db
      .from('customer_postback_log')
      .where({ organization_id: tenant.org.id, cuid: 'handed-over' })
      .first()
    assert.equal(logged.outcome, 'created')
  })

  test('the secret is shown once, only its hint afterwards; a wrong, missing or rotated secret is refused', async ({
    client,
    assert,
  }) => {
    const { tenant } = await organization()
    const before = await client.get('/api/v1/customers/postback').bearerToken(tenant.token)
    before.assertStatus(200)
    assert.include(before.body().data, { configured: false, secretHint: null })
    assert.match(before.body().data.url, /\/pb\/$/)
    const secret = await secretFor(client, tenant.token)
    assert.lengthOf(secret, 43)
    const after = await client.get('/api/v1/customers/postback').bearerToken(tenant.token)
    assert.equal(after.body().data.secretHint, `…${secret.slice(-4)}`)
    assert.notProperty(after.body().data, 'secret')
    const stored = await db.from('customer_postback_secrets').where('organization_id', tenant.org.id).first()
    assert.notInclude(JSON.stringify(stored), secret)

    assert.equal((await postback({ event: 'registration', cuid: 'x' })).status, 401)
    const wrong = await postback({ secret: 'nope', event: 'registration', cuid: 'x', lang: 'pt' })
    assert.equal(wrong.status, 401)
    assert.equal(wrong.body.error.message, 'Segredo de postback ausente ou incorreto')
    assert.equal((await postback({ secret, event: 'registration', cuid: 'ok' })).status, 202)
    const rotated = await secretFor(client, tenant.token)
    assert.equal((await postback({ secret, event: 'registration', cuid: 'old' })).status, 401)
    assert.equal((await postback({ secret: rotated, event: 'registration', cuid: 'new' })).status, 202)
    await postbacksProcessed()
    const registered = await db.from('customers').where('organization_id', tenant.org.id).orderBy('id').select('cuid')
    assert.deepEqual(
      registered.map((row) => row.cuid),
      ['ok', 'new']
    )
    // Only admins manage it.
    const affiliateUser = await addUser(tenant.org.id, 'affiliate')
    const denied = await client.post('/api/v1/customers/postback/secret').bearerToken(affiliateUser.token)
    denied.assertStatus(403)
  })

  test('registration, ftd, deposit and activity by GET, form POST and JSON POST, accepted then processed in order; replays are duplicates; bad events 422', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    const secret = await secretFor(client, tenant.token)

    const registration = await postback({
      secret,
      event: 'registration',
      cuid: 'pb-1',
      currency: 'EUR',
      date: daysAgo(3),
      campaign_id: campaignId,
      pub_id: aff.user.id,
      b1: 'btag',
    })
    assert.equal(registration.status, 202)
    assert.equal(registration.body.data.outcome, 'accepted')

    const ftd = await fetch(`${base()}/pb/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret,
        event: 'ftd',
        cuid: 'pb-1',
        amount: '50.25',
        txn_id: 'ftd-1',
        date: daysAgo(2),
      }),
    })
    assert.equal(ftd.status, 202)
    assert.equal(((await ftd.json()) as any).data.outcome, 'accepted')

    const json = await fetch(`${base()}/pb/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-affix-secret': secret },
      body: JSON.stringify({ event: 'deposit', cuid: 'pb-1', amount: 20, txn_id: 'dep-1', date: daysAgo(1) }),
    })
    assert.equal(json.status, 202)
    // Processed before the replay arrives, so the replay meets the stored row.
    await postbacksProcessed()
    const replay = await postback({
      secret,
      event: 'deposit',
      cuid: 'pb-1',
      amount: 20,
      txn_id: 'dep-1',
      date: daysAgo(1),
    })
    assert.equal(replay.status, 202)
    const activity = await postback({ secret, event: 'activity', cuid: 'pb-1', date: daysAgo(1), bets: 40, wins: 10 })
    assert.equal(activity.status, 202)

    const missingTxn = await postback({ secret, event: 'deposit', cuid: 'pb-1', amount: 5, lang: 'tr' })
    assert.equal(missingTxn.status, 422)
    assert.equal(missingTxn.body.error.message, 'deposit olayları için txn_id zorunludur')
    const unknownEvent = await postback({ secret, event: 'refund', cuid: 'pb-1' })
    assert.equal(unknownEvent.status, 422)
    assert.equal(unknownEvent.body.error.message, 'event must be one of registration, ftd, deposit, activity')
    // The ingest's own checks answer at once (no database needed)…
    const badAmount = await postback({
      secret,
      event: 'deposit',
      cuid: 'pb-1',
      amount: 'ten',
      txn_id: 'bad',
      lang: 'pt',
    })
    assert.equal(badAmount.status, 422)
    assert.equal(badAmount.body.error.message, 'deposits deve ser um número (dígitos e ponto decimal, ex.: 125.50)')
    // …an unknown customer is known only once processed: accepted, then logged as an error.
    const unknownCuid = await postback({ secret, event: 'deposit', cuid: 'ghost', amount: 5, txn_id: 'g' })
    assert.equal(unknownCuid.status, 202)
    await postbacksProcessed()

    const customer = await db.from('customers').where({ organization_id: orgId, cuid: 'pb-1' }).first()
    assert.equal(customer.attribution_source, 'explicit')
    assert.equal(customer.b1, 'btag')
    const rows = await db.from('customer_activity').where('customer_id', customer.id).orderBy('id')
    assert.lengthOf(rows, 3)
    assert.equal(Number(customer.ftd_activity_id), Number(rows[0].id))
    assert.equal(rows[0].ftd_amount, '50.250000')
    const conversions = await db.from('customer_conversions').where('customer_id', customer.id).orderBy('id')
    assert.deepEqual(
      conversions.map((row) => row.type),
      ['registration', 'ftd', 'deposit']
    )

    // The log: every answered event, with its outcome and parameters, never the secret.
    const log = await client.get('/api/v1/customers/postback-log').qs({ limit: 50 }).bearerToken(tenant.token)
    log.assertStatus(200)
    const entries = log.body().data
    assert.lengthOf(entries, 9)
    assert.notInclude(JSON.stringify(entries), secret)
    assert.deepEqual(
      entries.map((entry: any) => entry.outcome),
      ['error', 'error', 'error', 'error', 'created', 'duplicate', 'created', 'created', 'created']
    )
    assert.deepEqual(
      entries.map((entry: any) => entry.status),
      [422, 422, 422, 422, 200, 200, 200, 200, 200]
    )
    const jsonEntry = entries.find((entry: any) => entry.txnId === 'dep-1' && entry.outcome === 'created')
    assert.equal(jsonEntry.method, 'POST')
    assert.equal(jsonEntry.customerId, Number(customer.id))
    assert.isString(jsonEntry.sourceIp)
    const search = await client
      .get('/api/v1/customers/postback-log')
      .qs({ q: 'ghost', outcome: 'error' })
      .bearerToken(tenant.token)
    assert.lengthOf(search.body().data, 1)
    assert.equal(search.body().data[0].message, 'Unknown customer "ghost": register the customer first')
  })

  test('an event that keeps failing is retried, then logged as failed; the events around it are not held back', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const secret = await secretFor(client, tenant.token)
    // A fault only the event named "poison" meets: writing its outcome fails (its failure line is let through).
    await db.rawQuery(`CREATE FUNCTION customers_test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.cuid = 'poison' AND NEW.status <> 503 THEN RAISE EXCEPTION 'poisoned event'; END IF;
        RETURN NEW;
      END $$`)
    await db.rawQuery(
      'CREATE TRIGGER customers_test_poison BEFORE INSERT ON customer_postback_log FOR EACH ROW EXECUTE FUNCTION customers_test_poison()'
    )
    try {
      for (const cuid of ['first', 'poison', 'last'])
        assert.equal((await postback({ secret, event: 'registration', cuid })).status, 202)
      const logged = async () =>
        await db
          .from('customer_postback_log')
          .where('organization_id', orgId)
          .orderBy('id')
          .select('cuid', 'outcome', 'status', 'message')
      const deadline = Date.now() + 15_000
      while ((await logged()).length < 2) {
        if (Date.now() > deadline) throw new Error('the healthy events were held back')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      assert.deepEqual((await logged()).map((row) => `${row.cuid}:${row.outcome}`).sort(), [
        'first:created',
        'last:created',
      ])
      const waiting = await db
        .from('customer_postback_inbox')
        .where('organization_id', orgId)
        .select('cuid', 'attempts')
      assert.lengthOf(waiting, 1)
      assert.equal(waiting[0].cuid, 'poison')
      assert.isAtLeast(waiting[0].attempts, 1)

      // Tried again on each run (the minutely job, or the next accepted group) until the fifth attempt.
      let runs = 0
      while ((await db.from('customer_postback_inbox').where('organization_id', orgId).count('* as n'))[0].n > 0) {
        assert.isBelow(runs++, 5, 'the event leaves the inbox after 5 attempts')
        await postbackProcessor().runNow()
      }
      const poison = (await logged()).find((row) => row.cuid === 'poison')
      assert.deepInclude(poison, {
        outcome: 'error',
        status: 503,
        message: 'The event could not be processed after several attempts; send it again',
      })
      const stored = await db.from('customers').where('organization_id', orgId).orderBy('cuid').select('cuid')
      assert.deepEqual(
        stored.map((row) => row.cuid),
        ['first', 'last']
      )
    } finally {
      await db.rawQuery('DROP TRIGGER IF EXISTS customers_test_poison ON customer_postback_log')
      await db.rawQuery('DROP FUNCTION IF EXISTS customers_test_poison()')
    }
  }).timeout(60_000)

  test('a postback for an organisation that switched the plugin off answers 404 and stores nothing', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const secret = await secretFor(client, tenant.token)
    const off = await client.patch('/api/v1/plugins/customers').bearerToken(tenant.token).json({ enabled: false })
    off.assertStatus(200)
    const answer = await postback({ secret, event: 'registration', cuid: 'off' })
    assert.equal(answer.status, 404)
    assert.isNull(await db.from('customers').where({ organization_id: orgId, cuid: 'off' }).first())
  })
})
