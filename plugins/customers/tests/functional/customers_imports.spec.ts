import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { parse } from 'csv-parse/sync'
import {
  activityBatch,
  affiliate,
  campaign,
  daysAgo,
  organization,
  postbacksProcessed,
  registerBatch,
} from './helpers.js'

/*
 * CSV imports (background jobs) and the promise of one code path: the same 10,000 rows sent
 * by the batch API, the postback and a CSV import leave exactly one copy.
 */
const base = () => `http://${process.env.HOST}:${process.env.PORT}`

function upload(
  client: any,
  token: string,
  path: string,
  body: string | Buffer,
  language = 'en',
  filename = 'rows.csv'
) {
  return client
    .post(path)
    .bearerToken(token)
    .header('accept-language', language)
    .file('file', Buffer.isBuffer(body) ? body : Buffer.from(body), { filename, contentType: 'text/csv' })
}

async function finished(client: any, token: string, id: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const record = (await client.get(`/api/v1/imports/${id}`).bearerToken(token)).body().data
    if (['completed', 'failed', 'cancelled', 'imported_partially'].includes(record.status)) return record
    if (Date.now() > deadline) throw new Error(`import ${id} still ${record.status}`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

const ACTIVITY_HEADER = [
  'cuid',
  'date',
  'txn_id',
  'curr',
  'deposits',
  'deposit_count',
  'ftd',
  'ftd_amount',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'adjustments',
  'bet_count',
]

test.group('Customers: CSV imports', () => {
  test('the sample customers and activity files import; the failed-rows file speaks the uploader language', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId } = await organization()
    const customersSample = await client.get('/api/v1/customers/customers/sample').bearerToken(tenant.token)
    customersSample.assertStatus(200)
    const queued = await upload(client, tenant.token, '/api/v1/customers/customers/import', customersSample.text())
    queued.assertStatus(202)
    const customers = await finished(client, tenant.token, queued.body().data.id)
    assert.include(customers, { status: 'completed', importedRows: 3, failedRows: 0 })

    const activitySample = await client.get('/api/v1/customers/activity/sample').bearerToken(tenant.token)
    const activity = await finished(
      client,
      tenant.token,
      (await upload(client, tenant.token, '/api/v1/customers/activity/import', activitySample.text())).body().data.id
    )
    assert.include(activity, { status: 'completed', importedRows: 4 })
    const ftd = await db.from('customers').where({ organization_id: orgId, cuid: 'player-1001' }).first()
    assert.isNotNull(ftd.ftd_activity_id)

    // The same file again: every row is a duplicate, skipped: nothing is written twice, and
    // a duplicate is not a failure (the import completes, with no failed-rows file).
    const again = await finished(
      client,
      tenant.token,
      (await upload(client, tenant.token, '/api/v1/customers/activity/import', activitySample.text())).body().data.id
    )
    assert.include(again, {
      status: 'completed',
      processedRows: 4,
      importedRows: 0,
      failedRows: 0,
      failedRowsUrl: null,
    })
    assert.equal(Number((await db.from('customer_activity').where('organization_id', orgId).count('* as n'))[0].n), 4)
    // Duplicates beside a new row: the new row is imported, the import completes.
    const mixed = await finished(
      client,
      tenant.token,
      (
        await upload(
          client,
          tenant.token,
          '/api/v1/customers/activity/import',
          `${activitySample.text().trimEnd()}\nplayer-1001,${daysAgo(1)},mixed-1,BRL,0,0,0,0,0,12.5,0,0,0,0,0,0,3,\n`
        )
      ).body().data.id
    )
    assert.include(mixed, { status: 'completed', processedRows: 5, importedRows: 1, failedRows: 0 })

    const bad = [
      'cuid,date,deposits,deposit_count',
      `player-1001,${daysAgo(1)},10,1`,
      `player-9999,${daysAgo(1)},10,1`,
      `player-1001,${daysAgo(1)},abc,1`,
      `player-1001,${daysAgo(2)},5,-2`,
    ].join('\n')
    const partial = await finished(
      client,
      tenant.token,
      (await upload(client, tenant.token, '/api/v1/customers/activity/import', bad, 'pt')).body().data.id
    )
    assert.include(partial, { status: 'imported_partially', importedRows: 1, failedRows: 3 })
    const file = await client.get(partial.failedRowsUrl).bearerToken(tenant.token)
    const rows: string[][] = parse(file.text())
    assert.deepEqual(rows[0], ['line', 'cuid', 'date', 'deposits', 'deposit_count', 'error'])
    assert.deepEqual(
      rows.slice(1).map((row) => [row[0], row.at(-1)]),
      [
        ['3', 'Cliente desconhecido "player-9999": cadastre o cliente primeiro'],
        ['4', 'deposits deve ser um número (dígitos e ponto decimal, ex.: 125.50)'],
        ['5', 'deposit_count não pode ser negativo'],
      ]
    )
  })

  test('a malformed file, an unknown column or a missing cuid column is refused at once', async ({
    client,
    assert,
  }) => {
    const { tenant } = await organization()
    const malformed = await upload(
      client,
      tenant.token,
      '/api/v1/customers/activity/import',
      'cuid,date\n"a,2026-01-01\n'
    )
    malformed.assertStatus(422)
    const unknown = await upload(
      client,
      tenant.token,
      '/api/v1/customers/activity/import',
      'cuid,date,amount\na,2026-01-01,1\n'
    )
    unknown.assertStatus(422)
    assert.include(unknown.body().error.message, 'amount')
    const missing = await upload(client, tenant.token, '/api/v1/customers/customers/import', 'email\na@b.example\n')
    missing.assertStatus(422)
    assert.include(missing.body().error.message, 'cuid')
    const notCsv = await upload(client, tenant.token, '/api/v1/customers/customers/import', 'x', 'en', 'rows.txt')
    notCsv.assertStatus(422)
    assert.equal(notCsv.body().error.message, 'Please upload a valid file')
  })

  test('the same 10,000 rows by batch API, postback and CSV leave exactly one copy', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    const customers = Array.from({ length: 500 }, (_, i) => ({
      cuid: `idem-${i}`,
      date: daysAgo(60),
      curr: 'USD',
      campaign_id: campaignId,
      pub_id: aff.user.id,
    }))
    const registered = await registerBatch(client, tenant.token, customers)
    assert.equal(registered.body().data.summary.created, 500)
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      cuid: `idem-${i % 500}`,
      // Each (customer, day) once, so the rows without txn_id (keyed by cuid + date) are 10,000 distinct rows too.
      date: daysAgo(1 + Math.floor(i / 500)),
      txn_id: i % 4 === 0 ? undefined : `tx-${i}`,
      curr: 'USD',
      deposits: i % 3 === 0 ? `${(i % 97) + 0.25}` : '0',
      deposit_count: i % 3 === 0 ? 1 : 0,
      bets: `${(i % 113) * 1.5}`,
      wins: `${(i % 71) * 1.25}`,
      bonuses: i % 10 === 0 ? '5' : '0',
      adjustments: i % 50 === 0 ? '-2.5' : '0',
      bet_count: i % 113,
    }))
    const unique = rows
    const total = unique.length
    assert.equal(new Set(rows.map((row) => row.txn_id ?? `${row.cuid}:${row.date}`)).size, 10_000)
    const toPostback = (row: Record<string, unknown>) => {
      const params = new URLSearchParams({ secret, event: 'activity' })
      for (const [key, value] of Object.entries(row)) if (value !== undefined) params.set(key, String(value))
      return `${base()}/pb/?${params}`
    }
    const secret = (await client.post('/api/v1/customers/postback/secret').bearerToken(tenant.token)).body().data
      .secret as string
    const send = async (subset: typeof unique) => {
      const outcomes: Record<string, number> = {}
      let next = 0
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < subset.length) {
            const row = subset[next++]
            const response = await fetch(toPostback(row))
            const body = (await response.json()) as any
            const outcome = body.data?.outcome ?? `error:${body.error?.message}`
            if (response.status !== 202) throw new Error(`postback answered ${response.status}: ${outcome}`)
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
          }
        })
      )
      // Accepted, then processed: the log tells each event's outcome.
      await postbacksProcessed(120_000)
      return outcomes
    }
    const logged = async () => {
      const rows = await db
        .from('customer_postback_log')
        .where('organization_id', orgId)
        .groupBy('outcome')
        .select('outcome', db.raw('count(*)::int AS n'))
      return Object.fromEntries(rows.map((row) => [row.outcome, row.n]))
    }
    const csvOf = (subset: typeof unique) =>
      [
        ACTIVITY_HEADER.join(','),
        ...subset.map((row: any) => ACTIVITY_HEADER.map((column) => row[column] ?? '').join(',')),
      ].join('\n')
    const importCsv = async (subset: typeof unique) =>
      finished(
        client,
        tenant.token,
        (await upload(client, tenant.token, '/api/v1/customers/activity/import', csvOf(subset))).body().data.id
      )

    // A third by each path…
    const third = Math.ceil(total / 3)
    const byApi = await activityBatch(client, tenant.token, unique.slice(0, third))
    assert.equal(byApi.body().data.summary.created, third)
    assert.deepEqual(await send(unique.slice(third, 2 * third)), { accepted: third })
    assert.deepEqual(await logged(), { created: third })
    const byCsv = await importCsv(unique.slice(2 * third))
    assert.include(byCsv, { status: 'completed', importedRows: total - 2 * third })
    const sums = async () =>
      (
        await db
          .from('customer_activity')
          .where('organization_id', orgId)
          .select(
            db.raw('count(*)::int AS rows'),
            db.raw('sum(deposits)::text AS deposits'),
            db.raw('sum(bets)::text AS bets'),
            db.raw('sum(wins)::text AS wins'),
            db.raw('sum(adjustments)::text AS adjustments'),
            db.raw('max(version) AS version')
          )
      )[0]
    const before = await sums()
    assert.equal(before.rows, total)

    // …then all of them by each path: every row is a duplicate, nothing changes.
    const replayApi = await activityBatch(client, tenant.token, unique)
    assert.deepEqual(replayApi.body().data.summary, { created: 0, updated: 0, duplicate: total, error: 0 })
    assert.deepEqual(await send(unique), { accepted: total })
    assert.deepEqual(await logged(), { created: third, duplicate: total })
    const replayCsv = await importCsv(unique)
    assert.include(replayCsv, { status: 'completed', importedRows: 0, failedRows: 0 })
    assert.deepEqual(await sums(), before)
    assert.equal(before.version, 1)
    const conversions = await db
      .from('customer_conversions')
      .where('organization_id', orgId)
      .whereNot('type', 'registration')
      .count('* as n')
    const depositRows = unique.filter((row) => row.deposits !== '0').length
    assert.equal(Number(conversions[0].n), depositRows)
  }).timeout(240_000)
})
