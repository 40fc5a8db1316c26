import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { API, affiliate, idle, organization, register, settings, today, waitFor } from './helpers.js'

/*
 * Faulty receivers through the real delivery path (event → fan-out → dispatcher → retry):
 * a connection reset, a redirect loop, a 10 MB answer and a 200 that comes after 30 s. Each
 * misbehaves for its first requests, then is healthy: every attempt is logged, and each event
 * ends delivered exactly once with its one event_id.
 */
const ALLOW = '127.0.0.1'
const TEN_MB = 10 * 1024 * 1024

interface FaultyReceiver {
  base: string
  requests: string[]
  /** For the 10 MB receiver: bytes it managed to write before the client hung up, per big answer. */
  written: number[]
  close: () => Promise<void>
}

/** A receiver that runs `fault` for its first `faulty` requests, then answers 200 OK. */
async function faulty(
  faultyCount: number,
  fault: (request: IncomingMessage, response: ServerResponse, written: number[]) => void
): Promise<FaultyReceiver> {
  const requests: string[] = []
  const written: number[] = []
  const server = createServer((request, response) => {
    requests.push(request.url!)
    request.resume()
    request.on('end', () => {
      if (requests.length <= faultyCount) return fault(request, response, written)
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('OK')
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    written,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** Streams 10 MB (with backpressure) and records how much was written when the socket closed. */
function tenMegabytes(status: number) {
  return (_request: IncomingMessage, response: ServerResponse, written: number[]) => {
    response.writeHead(status, { 'content-type': 'text/plain', 'content-length': String(TEN_MB) })
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let sent = 0
    const slot = written.push(0) - 1
    const pump = () => {
      while (sent < TEN_MB) {
        sent += chunk.length
        written[slot] = sent
        if (!response.write(chunk)) return response.once('drain', pump)
      }
      response.end()
    }
    response.on('close', () => (written[slot] = sent))
    pump()
  }
}

test.group('Postbacks: faulty receivers', (group) => {
  let previous: string | undefined
  group.each.setup(() => {
    previous = process.env.AFFIX_OUTBOUND_ALLOW
    process.env.AFFIX_OUTBOUND_ALLOW = ALLOW
    return () => {
      if (previous === undefined) delete process.env.AFFIX_OUTBOUND_ALLOW
      else process.env.AFFIX_OUTBOUND_ALLOW = previous
    }
  })

  test('reset, redirect loop, 10 MB answer, 200 after 30 s: every attempt logged, each event delivered once when healthy', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId } = await organization()
    await settings(client, tenant.token, { retryBaseSeconds: 1 })
    const aff = await affiliate(orgId)
    const receivers = {
      // The socket is destroyed before any answer (ECONNRESET / "other side closed").
      reset: await faulty(2, (request) => request.socket.destroy()),
      // A redirect to itself: not followed, so one request per attempt, never a loop.
      redirect: await faulty(2, (request, response) => {
        response.writeHead(302, { location: request.url! })
        response.end()
      }),
      // 10 MB with a 500, then 10 MB with a 200: the client keeps 1 KB and hangs up.
      huge: await faulty(1, tenMegabytes(500)),
      // Answers 200 only after 30 s: past the 10 s header timeout, so a failed attempt.
      late: await faulty(1, (_request, response) => {
        const timer = setTimeout(() => response.writeHead(200).end('late OK'), 30_000)
        response.on('close', () => clearTimeout(timer))
      }),
      healthy: await faulty(0, () => {}),
    }
    try {
      const ids: Record<string, number> = {}
      for (const [name, target] of Object.entries(receivers)) {
        const created = await client
          .post(`${API}/postback`)
          .bearerToken(tenant.token)
          .json({ name, affiliateId: aff.user.id, events: ['registration'], url: `${target.base}/pb?eid={event_id}` })
        created.assertStatus(201)
        ids[name] = created.body().data.id
      }
      const started = Date.now()
      await register(client, tenant.token, [
        { cuid: 'fault-1', date: today(), curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      ])
      // The healthy receiver is not held back by the faulty ones' retries.
      await waitFor(async () => receivers.healthy.requests.length === 1, 20_000, 'the healthy receiver')
      await waitFor(
        async () => {
          const row = await db
            .from('postback_deliveries')
            .where({ organization_id: orgId, status: 'delivered' })
            .count('* as n')
            .first()
          return Number(row.n) === 5
        },
        60_000,
        'every delivery'
      )
      await waitFor(async () => idle(orgId), 10_000, 'an idle queue')
      const attempts = await db.from('postback_attempts').where('organization_id', orgId).orderBy('id')
      const of = (name: string) => attempts.filter((row) => row.postback_id === ids[name])
      // Each receiver saw exactly one request per logged attempt, all with the same event id, and one success last.
      for (const [name, target] of Object.entries(receivers)) {
        const logged = of(name)
        assert.lengthOf(target.requests, logged.length, name)
        assert.deepEqual(
          logged.map((row) => row.attempt),
          logged.map((_row, index) => index + 1),
          name
        )
        assert.lengthOf(new Set(target.requests), 1, `${name}: one event id`)
        assert.lengthOf(
          logged.filter((row) => row.outcome === 'success'),
          1,
          name
        )
        assert.equal(logged.at(-1)!.outcome, 'success', name)
        assert.equal(logged.at(-1)!.status_code, 200, name)
      }
      const reset = of('reset')
      assert.lengthOf(reset, 3)
      for (const row of reset.slice(0, 2)) {
        assert.equal(row.outcome, 'failure')
        assert.isNull(row.status_code)
        assert.match(row.error, /UND_ERR_SOCKET|ECONNRESET|other side closed|socket/i)
      }
      const redirect = of('redirect')
      assert.lengthOf(redirect, 3)
      for (const row of redirect.slice(0, 2)) {
        assert.include(row, { outcome: 'failure', status_code: 302, error: 'redirect not followed' })
      }
      const huge = of('huge')
      assert.lengthOf(huge, 2)
      assert.include(huge[0], { outcome: 'failure', status_code: 500 })
      // The excerpt is 1 KB; the client stopped reading long before 10 MB (memory bounded).
      assert.equal(huge[0].response_excerpt, 'x'.repeat(1024))
      await waitFor(async () => receivers.huge.written.length === 1 && receivers.huge.written[0] > 0, 5_000)
      assert.isBelow(receivers.huge.written[0], TEN_MB / 2)
      const late = of('late')
      assert.lengthOf(late, 2)
      assert.equal(late[0].outcome, 'failure')
      assert.isNull(late[0].status_code)
      assert.match(late[0].error, /timeout/i)
      assert.isBelow(late[0].latency_ms, 20_000)
      // The 30 s receiver was retried (about 10 s timeout + 1 s backoff), not waited for.
      assert.isBelow(Date.now() - started, 29_000)
      // Retries followed the backoff: the second attempt at least a second after the first.
      for (const name of ['reset', 'redirect', 'huge', 'late']) {
        const [first, second] = of(name)
        assert.isAtLeast(new Date(second.created_at).getTime() - new Date(first.created_at).getTime(), 900, name)
      }
    } finally {
      for (const target of Object.values(receivers)) await target.close()
    }
  }).timeout(90_000)
})
