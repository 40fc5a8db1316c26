import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import postbacksPlugin from '../../src/plugin.js'
import { eventIdFor } from '../../src/delivery/macros.js'
import { LOG_RETENTION_DAYS } from '../../src/delivery/cleanup.js'
import { organization } from './helpers.js'

/*
 * The daily `postbacks:cleanup` job, run as the worker runs it: logs are kept at least 90
 * days, and nothing of a delivery still pending or in retry goes, however old.
 */
const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

test.group('Postbacks: log cleanup', () => {
  test('keeps 90 days of logs and every attempt of a delivery still pending or in retry', async ({ assert }) => {
    const { orgId } = await organization()
    const [postback] = await db
      .table('postbacks')
      .insert({
        organization_id: orgId,
        name: 'Old',
        events: ['registration'],
        method: 'get',
        url: 'https://t.example/pb?e={event_id}',
        status: 'active',
      })
      .returning('id')
    let serial = 0
    async function delivery(status: string, createdDaysAgo: number, updatedDaysAgo: number, attemptDays: number[]) {
      const eventId = eventIdFor(orgId, 'postback', postback.id, `cleanup:${serial++}`)
      const [row] = await db
        .table('postback_deliveries')
        .insert({
          organization_id: orgId,
          kind: 'postback',
          postback_id: postback.id,
          event: 'registration',
          event_id: eventId,
          values: JSON.stringify({}),
          status,
          attempts: attemptDays.length,
          next_attempt_at: status === 'retrying' || status === 'pending' ? new Date() : null,
          created_at: daysAgo(createdDaysAgo),
          updated_at: daysAgo(updatedDaysAgo),
        })
        .returning('id')
      const attemptIds: number[] = []
      for (const [index, days] of attemptDays.entries()) {
        const [attempt] = await db
          .table('postback_attempts')
          .insert({
            organization_id: orgId,
            delivery_id: row.id,
            kind: 'postback',
            postback_id: postback.id,
            attempt: index + 1,
            event: 'registration',
            event_id: eventId,
            method: 'GET',
            url: 'https://t.example/pb',
            outcome: status === 'delivered' && index === attemptDays.length - 1 ? 'success' : 'failure',
            latency_ms: 5,
            created_at: daysAgo(days),
          })
          .returning('id')
        attemptIds.push(Number(attempt.id))
      }
      return { id: Number(row.id), attemptIds }
    }
    const oldDelivered = await delivery('delivered', 120, 119, [120, 119])
    const oldDead = await delivery('dead', 100, 95, [100, 98, 95])
    // Created long ago, still retrying (a long outage, or a resend of an old delivery).
    const oldRetrying = await delivery('retrying', 130, 1, [130, 125, 1])
    const oldPending = await delivery('pending', 110, 110, [110])
    // Created long ago but resent and delivered last week: its old attempts go, the recent ones and it stay.
    const resentLately = await delivery('delivered', 140, 7, [140, 7])
    const recent = await delivery('delivered', 89, 89, [89])
    const yesterdayDead = await delivery('dead', 30, 1, [30, 1])

    const job = postbacksPlugin.jobs!.cleanup
    await job()

    const deliveries = (await db.from('postback_deliveries').where('organization_id', orgId)).map((row) =>
      Number(row.id)
    )
    assert.sameMembers(deliveries, [oldRetrying.id, oldPending.id, resentLately.id, recent.id, yesterdayDead.id])
    const attempts = (await db.from('postback_attempts').where('organization_id', orgId)).map((row) => Number(row.id))
    assert.sameMembers(attempts, [
      ...oldRetrying.attemptIds,
      ...oldPending.attemptIds,
      resentLately.attemptIds[1],
      ...recent.attemptIds,
      ...yesterdayDead.attemptIds,
    ])
    assert.notIncludeMembers(attempts, [...oldDelivered.attemptIds, ...oldDead.attemptIds])
    // Run again: nothing else goes.
    await job()
    assert.lengthOf(await db.from('postback_attempts').where('organization_id', orgId), attempts.length)
    assert.equal(LOG_RETENTION_DAYS, 90)
    // It runs daily.
    assert.deepInclude(postbacksPlugin.cron, { job: 'cleanup', schedule: '17 3 * * *' })
  })
})
