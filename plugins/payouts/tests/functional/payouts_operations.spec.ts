import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { enqueueJob } from '@affix/core/kernel'
import { scheduledClose } from '../../src/ledger/close.js'
import { markDirty, processDirty, recomputeCustomers } from '../../src/ledger/recompute.js'
import { ledgerState, lockLedger } from '../../src/ledger/state.js'
import { activity, affiliate, API, brief, campaign, organization, register, rows, setPlan, settled } from './helpers.js'

/*
 * What runs beside the money path: the scheduled close (the cron job, per organisation, N
 * days after a period ends, 0 = never), concurrent approvals, a denial after the close
 * (COMMISSIONS §12), "enable partner referral" and the conversion-cap windows as the ledger
 * sees them (§9, §12).
 */

const SETTINGS = '/api/v1/plugins/payouts/settings'

async function settings(client: any, token: string, closeDelayDays: number) {
  const response = await client.put(SETTINGS).bearerToken(token).json({ period: 'monthly', closeDelayDays })
  if (response.status() !== 200) throw new Error(`settings refused: ${JSON.stringify(response.body())}`)
}

/** A RevShare organisation with one customer and activity on `date`. */
async function revshareOrganization(client: any, date: string, cuid = 's-1') {
  const org = await organization()
  const campaignId = await campaign(org.orgId, org.brandId)
  const aff = await affiliate(org.orgId)
  await setPlan(client, org.tenant.token, campaignId, { model: 'cps', cpsNgrP: 50 })
  await register(client, org.tenant.token, [
    { cuid, date: `${date}T08:00:00Z`, curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
  ])
  await activity(client, org.tenant.token, [{ cuid, date, bets: 100, wins: 40 }])
  await settled(org.orgId)
  return { ...org, campaignId, aff }
}

async function closedPeriods(orgId: number): Promise<string[]> {
  const list = await db.from('payouts_periods').where('organization_id', orgId).orderBy('period').select('period')
  return list.map((row) => row.period)
}

/** Last month (UTC), as `YYYY-MM`, and a date in it. */
function lastMonth() {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const key = first.toISOString().slice(0, 7)
  return { key, date: `${key}-10` }
}

test.group('Payouts: the scheduled close', () => {
  test('the cron job closes each organisation’s due period N days after its end; 0 = by hand only', async ({
    client,
    assert,
  }) => {
    const { key: month, date } = lastMonth()
    // Last month ended on its last day: a 1-day delay makes it due today, 60 days does not, 0 never.
    const due = await revshareOrganization(client, date)
    const notYet = await revshareOrganization(client, date)
    const byHand = await revshareOrganization(client, date)
    await settings(client, due.tenant.token, 1)
    await settings(client, notYet.tenant.token, 60)
    await settings(client, byHand.tenant.token, 0)

    // The task the cron entry '7 * * * *' runs, through the real job worker.
    await enqueueJob('payouts:scheduledClose', {})
    const deadline = Date.now() + 60_000
    for (;;) {
      const { rows: left } = await db.rawQuery(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = 'payouts:scheduledClose'`
      )
      if (left[0].n === 0) break
      if (Date.now() > deadline) throw new Error('the scheduled close job did not run')
      await new Promise((done) => setTimeout(done, 200))
    }
    assert.deepEqual(await closedPeriods(due.orgId), [month])
    assert.deepEqual(await closedPeriods(notYet.orgId), [])
    assert.deepEqual(await closedPeriods(byHand.orgId), [])
    // The close the job made is a real one: RevShare final, the period listed closed by the API.
    const revshare = await rows(client, due.tenant.token, { period: month, type: 'revshare' })
    assert.deepEqual(
      revshare.map((row) => [row.amount, row.provisional]),
      [['30.00', false]]
    )
    const periods = (await client.get(`${API}/periods`).bearerToken(due.tenant.token)).body().data
    assert.notEqual(periods.earliestOpen, month)
    assert.equal((await rows(client, byHand.tenant.token, { period: month, type: 'revshare' }))[0].provisional, true)
  })

  test('due on the N-th day after the end, not the day before; several due periods close in order', async ({
    client,
    assert,
  }) => {
    const org = await revshareOrganization(client, '2025-01-20')
    await activity(client, org.tenant.token, [{ cuid: 's-1', date: '2025-02-03', bets: 10, wins: 0 }])
    await settled(org.orgId)
    await settings(client, org.tenant.token, 3)
    // January ends on the 31st: + 3 days = 3 February (organisation zone UTC).
    assert.deepEqual(await scheduledClose(org.orgId, new Date('2025-02-02T23:59:00Z')), [])
    assert.deepEqual(await closedPeriods(org.orgId), [])
    assert.deepEqual(await scheduledClose(org.orgId, new Date('2025-02-03T00:00:00Z')), ['2025-01'])
    assert.deepEqual(await scheduledClose(org.orgId, new Date('2025-02-03T12:00:00Z')), [])
    // Weeks later both due periods close, oldest first; March (not ended) stays open.
    await activity(client, org.tenant.token, [{ cuid: 's-1', date: '2025-03-02', bets: 10, wins: 0 }])
    await settled(org.orgId)
    assert.deepEqual(await scheduledClose(org.orgId, new Date('2025-03-04T00:00:00Z')), ['2025-02'])
    assert.deepEqual(await closedPeriods(org.orgId), ['2025-01', '2025-02'])

    await settings(client, org.tenant.token, 0)
    assert.deepEqual(await scheduledClose(org.orgId, new Date('2025-06-01T00:00:00Z')), [])
    assert.deepEqual(await closedPeriods(org.orgId), ['2025-01', '2025-02'])
  })
})

test.group('Payouts: approvals and denials after the close', () => {
  test('two bulk approvals at once never double-count or break the totals', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const first = await affiliate(orgId)
    const second = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, { model: 'hybrid', goal: 'leads', cpaPayout: 3, cpsNgrP: 10 })
    const players = Array.from({ length: 40 }, (_, index) => ({
      cuid: `c-${index}`,
      date: '2025-01-05T10:00:00Z',
      curr: 'USD',
      campaign_id: campaignId,
      pub_id: (index % 2 ? first : second).user.id,
    }))
    await register(client, tenant.token, players)
    await activity(
      client,
      tenant.token,
      players.map((player, index) => ({ cuid: player.cuid, date: '2025-01-06', bets: 100 + index, wins: 50 }))
    )
    await settled(orgId)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    const before = await rows(client, tenant.token, { period: '2025-01' })
    assert.lengthOf(before, 80)
    const statementsBefore = (
      await client.get(`${API}/statements`).bearerToken(tenant.token).qs({ period: '2025-01' })
    ).body().data

    // Two approvals by filter and one by ids, overlapping, sent together.
    const approve = (body: Record<string, unknown>) =>
      client.post(`${API}/rows/approve`).bearerToken(tenant.token).json(body)
    const answers = await Promise.all([
      approve({ filter: { period: ['2025-01'] } }),
      approve({ filter: { period: ['2025-01'], affiliateId: [first.user.id] } }),
      approve({ ids: before.slice(0, 30).map((row) => row.id) }),
    ])
    for (const answer of answers) answer.assertStatus(200)
    const changed = answers.map((answer) => answer.body().data.changed as number)
    assert.equal(
      changed.reduce((sum, count) => sum + count, 0),
      80,
      `each row approved once in all: ${changed}`
    )
    const { rows: events } = await db.rawQuery(
      `SELECT row_id, count(*)::int AS n FROM payouts_row_events
        WHERE organization_id = ? AND to_status = 'approved' GROUP BY row_id`,
      [orgId]
    )
    assert.lengthOf(events, 80)
    assert.isTrue(events.every((event: any) => event.n === 1))

    const after = (await client.get(`${API}/statements`).bearerToken(tenant.token).qs({ period: '2025-01' })).body()
      .data
    assert.lengthOf(after, 2)
    for (const line of after) {
      const previous = statementsBefore.find((entry: any) => entry.affiliateId === line.affiliateId)
      assert.equal(line.total, previous.total)
      assert.equal(line.byStatus.approved, line.total)
      assert.equal(line.byStatus.unapproved, '0.00')
    }
    assert.deepEqual(
      brief(await rows(client, tenant.token, { period: '2025-01' })).filter((entry) => !entry.endsWith(':approved')),
      []
    )
  })

  test('§12 denying a row of a closed period moves it between status totals; its amount and the carryover stay', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId, { negativeCarryover: true })
    await setPlan(client, tenant.token, campaignId, { model: 'cps', cpsNgrP: 50 })
    await register(client, tenant.token, [
      { cuid: 'd-1', date: '2025-01-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'd-2', date: '2025-01-05T11:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    await activity(client, tenant.token, [
      { cuid: 'd-1', date: '2025-01-10', bets: 200, wins: 100 }, // NGR 100 → 50.00
      { cuid: 'd-2', date: '2025-01-11', bets: 100, wins: 400 }, // NGR −300 → −150.00
      { cuid: 'd-1', date: '2025-02-10', bets: 10, wins: 10 },
    ])
    await settled(orgId)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    // R = −100 with the flag on: a carryover row of +100 brings January's RevShare to 0, carry_out −100.
    const january = await rows(client, tenant.token, { period: '2025-01' })
    assert.deepEqual(brief(january), ['carryover:100.00:pending', 'revshare:-150.00:pending', 'revshare:50.00:pending'])
    const statement = async () =>
      (await client.get(`${API}/statements`).bearerToken(tenant.token).qs({ period: '2025-01' })).body().data[0]
    const carryover = async () =>
      (await client.get(`${API}/carryover`).bearerToken(tenant.token)).body().data.map((entry: any) => ({
        period: entry.period,
        amount: entry.amount,
      }))
    const beforeStatement = await statement()
    assert.deepInclude(beforeStatement, { revshare: '-100.00', carryover: '100.00', total: '0.00' })
    assert.deepEqual(await carryover(), [{ period: '2025-01', amount: '-100.00' }])

    const positive = january.find((row) => row.type === 'revshare' && row.amount === '50.00')!
    const denied = await client
      .post(`${API}/rows/deny`)
      .bearerToken(tenant.token)
      .json({ ids: [positive.id], reason: 'duplicate account' })
    denied.assertStatus(200)
    await settled(orgId)

    const after = await statement()
    // The 50.00 moved from unapproved to denied; the row keeps its amount, the carryover row its 100.00.
    assert.deepInclude(after.byStatus, { unapproved: '-50.00', denied: '50.00' })
    assert.equal(beforeStatement.byStatus.unapproved, '0.00')
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-01' })), [
      'carryover:100.00:pending',
      'revshare:-150.00:pending',
      'revshare:50.00:denied',
    ])
    assert.equal(after.carryover, '100.00')
    assert.deepEqual(await carryover(), [{ period: '2025-01', amount: '-100.00' }])
    // February's close starts from the same carry_in (−100): its R 0 leaves carry_out −100.
    ;(await client.post(`${API}/periods/2025-02/close`).bearerToken(tenant.token)).assertStatus(200)
    assert.deepEqual(await carryover(), [
      { period: '2025-02', amount: '-100.00' },
      { period: '2025-01', amount: '-100.00' },
    ])
  })
})

test.group('Payouts: enable partner referral', () => {
  test('partner overrides apply only while partner referral is enabled', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const referrer = await affiliate(orgId)
    const aff = await affiliate(orgId, { referredBy: referrer.user.id })
    await setPlan(client, tenant.token, campaignId, { model: 'cpa', goal: 'leads', cpaPayout: 100 })
    await register(client, tenant.token, [
      { cuid: 'p-1', date: '2025-01-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'p-2', date: '2025-02-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    await settled(orgId)
    const setting = (partnerReferral: boolean) =>
      client
        .put(`${API}/referral-settings`)
        .bearerToken(tenant.token)
        .json({ method: 'payout', levels: [10, 0, 0], partnerReferral })
    ;(await setting(false)).assertStatus(200)
    const override = await client
      .put(`${API}/referral-settings/overrides/${referrer.user.id}`)
      .bearerToken(tenant.token)
      .json({ levels: [25, null, null] })
    override.assertStatus(200)
    assert.isFalse(override.body().data.partnerReferral)

    // Off: the override is kept but the referrer earns the global 10 % of 100.
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    assert.deepEqual(brief(await rows(client, referrer.token, { period: '2025-01' })), ['referral:10.00:pending'])

    // On: its own 25 %.
    const enabled = await setting(true)
    enabled.assertStatus(200)
    assert.isTrue(enabled.body().data.partnerReferral)
    assert.deepEqual(enabled.body().data.overrides[0].levels, ['25', null, null])
    ;(await client.post(`${API}/periods/2025-02/close`).bearerToken(tenant.token)).assertStatus(200)
    const february = await rows(client, referrer.token, { period: '2025-02' })
    assert.deepEqual(brief(february), ['referral:25.00:pending'])
    const explained = (await client.get(`${API}/rows/${february[0].id}`).bearerToken(referrer.token)).body().data
    assert.equal(explained.explanation.percent, '25')
  })
})

test.group('Payouts: conversion-cap windows (§9, §12)', () => {
  async function cappedCampaign(client: any, plan: Record<string, unknown>, cap: Record<string, unknown>) {
    const org = await organization()
    const campaignId = await campaign(org.orgId, org.brandId)
    const aff = await affiliate(org.orgId)
    await setPlan(client, org.tenant.token, campaignId, plan)
    const created = await client
      .post(`/api/v1/campaigns/campaigns/${campaignId}/caps`)
      .bearerToken(org.tenant.token)
      .json({ type: 'combined', visibility: 'public', action: 'reject_activity', ...cap })
    created.assertStatus(201)
    const players = (instants: string[]) =>
      instants.map((date, index) => ({
        cuid: `cap-${index}`,
        date,
        curr: 'USD',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      }))
    return { ...org, campaignId, aff, players }
  }

  /** The goal-CPA rows as `date status`, in date order. */
  async function cpaByDate(client: any, token: string) {
    const list = await rows(client, token, { type: 'cpa' })
    return list
      .map((row) => `${row.date} ${row.status}${row.denyReason ? ` ${row.denyReason}` : ''}`)
      .sort((a, b) => a.localeCompare(b))
  }

  test('15-day windows are the 1st–15th and the 16th–end of the month', async ({ client, assert }) => {
    const org = await cappedCampaign(
      client,
      { model: 'cpa', goal: 'leads', cpaPayout: 10 },
      { variable: 'leads', limits: { fifteenDays: 1 } }
    )
    await register(
      client,
      org.tenant.token,
      org.players(['2025-01-03T10:00:00Z', '2025-01-15T23:00:00Z', '2025-01-16T00:30:00Z', '2025-01-31T12:00:00Z'])
    )
    await settled(org.orgId)
    assert.deepEqual(await cpaByDate(client, org.tenant.token), [
      '2025-01-03 pending',
      '2025-01-15 denied cap_reached',
      '2025-01-16 pending',
      '2025-01-31 denied cap_reached',
    ])
  })

  test('a month window; an event denied by one window (the day) counts in none (the month)', async ({
    client,
    assert,
  }) => {
    const org = await cappedCampaign(
      client,
      { model: 'cpa', goal: 'leads', cpaPayout: 10 },
      { variable: 'leads', limits: { daily: 1, monthly: 2 } }
    )
    await register(
      client,
      org.tenant.token,
      // B is over the day's 1: denied, and so not counted in February's 2 — C still fits.
      org.players(['2025-02-01T09:00:00Z', '2025-02-01T10:00:00Z', '2025-02-02T09:00:00Z', '2025-02-03T09:00:00Z'])
    )
    await settled(org.orgId)
    assert.deepEqual(await cpaByDate(client, org.tenant.token), [
      '2025-02-01 denied cap_reached',
      '2025-02-01 pending',
      '2025-02-02 pending',
      '2025-02-03 denied cap_reached',
    ])
    // Denied rows keep the amount they would have had and earn nothing on the statement.
    const statement = (
      await client.get(`${API}/statements`).bearerToken(org.tenant.token).qs({ period: '2025-02' })
    ).body().data[0]
    assert.include(statement, { cpa: '20.00', total: '20.00' })
    assert.equal(statement.byStatus.denied, '20.00')
  })

  test('hourly: a registration counts in the hour of its instant; date-only activity in the hour it arrives', async ({
    client,
    assert,
  }) => {
    const leads = await cappedCampaign(
      client,
      { model: 'cpa', goal: 'leads', cpaPayout: 10 },
      { variable: 'leads', limits: { hourly: 1 } }
    )
    await register(
      client,
      leads.tenant.token,
      leads.players(['2025-03-04T10:05:00Z', '2025-03-04T10:50:00Z', '2025-03-04T11:01:00Z'])
    )
    await settled(leads.orgId)
    assert.deepEqual(await cpaByDate(client, leads.tenant.token), [
      '2025-03-04 denied cap_reached',
      '2025-03-04 pending',
      '2025-03-04 pending',
    ])
    const denied = (await rows(client, leads.tenant.token, { type: 'cpa', status: 'denied' }))[0]
    // The one at 10:50, second in its hour.
    assert.equal((await db.from('customers').where('id', denied.customerId).first()).cuid, 'cap-1')

    // Deposits dated two weeks apart but sent together share one arrival hour: the second is over.
    const deposits = await cappedCampaign(
      client,
      { model: 'cpa', goal: 'd', cpaPayout: 5 },
      { variable: 'deposits', limits: { hourly: 1 } }
    )
    await register(client, deposits.tenant.token, deposits.players(['2025-03-01T10:00:00Z']))
    await activity(client, deposits.tenant.token, [
      { cuid: 'cap-0', date: '2025-03-05', txn_id: 'd-1', deposits: 50, deposit_count: 1 },
      { cuid: 'cap-0', date: '2025-03-20', txn_id: 'd-2', deposits: 70, deposit_count: 1 },
    ])
    await settled(deposits.orgId)
    assert.deepEqual(await cpaByDate(client, deposits.tenant.token), [
      '2025-03-05 pending',
      '2025-03-20 denied cap_reached',
    ])
  })
})

test.group('Payouts: two speeds — CPA at once, provisional RevShare a few seconds later', (group) => {
  let delay: string | undefined
  group.each.setup(() => {
    delay = process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS
    process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS = '60000'
  })
  group.each.teardown(() => {
    process.env.AFFIX_PAYOUTS_PROVISIONAL_DELAY_MS = delay
  })

  /** Until nothing is due now: no customer marked for now, no payouts job due (a deferred wake-up may wait). */
  async function dueSettled(orgId: number) {
    const deadline = Date.now() + 30_000
    for (;;) {
      const { rows: pending } = await db.rawQuery(
        `SELECT (SELECT count(*) FROM payouts_dirty_customers WHERE organization_id = ? AND due_at <= now())::int
              + (SELECT count(*) FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                  WHERE t.identifier LIKE 'payouts:%' AND (j.payload->>'organizationId')::int = ? AND j.run_at <= now())::int AS n`,
        [orgId, orgId]
      )
      if (pending[0].n === 0) return
      if (Date.now() > deadline) throw new Error('the ledger did not settle what is due')
      await new Promise((done) => setTimeout(done, 100))
    }
  }

  test('a deposit that makes a CPA is computed at once; bets of a player without FTD wait, then give the same rows as a full recomputation', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, { model: 'hybrid', goal: 'ftd', cpaPayout: 40, cpsNgrP: 25 })
    await register(client, tenant.token, [
      { cuid: 'v-1', date: '2025-01-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
      { cuid: 'v-2', date: '2025-01-05T11:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    await dueSettled(orgId)
    await activity(client, tenant.token, [
      { cuid: 'v-1', date: '2025-01-06', txn_id: 'v1', deposits: 100, deposit_count: 1, ftd: 1, bets: 60, wins: 20 },
      { cuid: 'v-2', date: '2025-01-06', txn_id: 'v2', bets: 100, wins: 20 },
    ])
    await dueSettled(orgId)
    // v-1's FTD made its CPA (and its RevShare came with it); v-2 waits, marked for later.
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-01' })), [
      'cpa:40.00:pending',
      'revshare:10.00:pending',
    ])
    const waiting = await db.from('payouts_dirty_customers').where('organization_id', orgId)
    assert.lengthOf(waiting, 1)
    assert.isTrue(waiting[0].deferred)
    assert.isAbove(new Date(waiting[0].due_at).getTime(), Date.now() + 30_000)

    // Due: the provisional RevShare of v-2 appears (25 % of 80).
    await db.from('payouts_dirty_customers').where('organization_id', orgId).update({ due_at: new Date() })
    await processDirty(orgId)
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-01' })), [
      'cpa:40.00:pending',
      'revshare:10.00:pending',
      'revshare:20.00:pending',
    ])
    // The rows are those of a full recomputation: recomputing everyone changes nothing.
    const all = (await db.from('customers').where('organization_id', orgId).select('id')).map((row) => Number(row.id))
    const again = await db.transaction(async (trx) => {
      await lockLedger(trx, orgId)
      return recomputeCustomers(trx, await ledgerState(trx, orgId), all)
    })
    assert.deepInclude(again, { inserted: 0, updated: 0, deleted: 0 })
    // A close takes the deferred customers too: nothing waits past it.
    await activity(client, tenant.token, [{ cuid: 'v-2', date: '2025-01-07', txn_id: 'v2b', bets: 40, wins: 0 }])
    await dueSettled(orgId)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    assert.includeMembers(brief(await rows(client, tenant.token, { period: '2025-01' })), ['revshare:30.00:pending'])
    assert.lengthOf(await db.from('payouts_dirty_customers').where('organization_id', orgId), 0)
  })
})

test.group('Payouts: marking customers while the ledger works', () => {
  test('markers with overlapping customers in opposite orders and the recompute job never deadlock', async ({
    assert,
  }) => {
    const org = await organization()
    const ids = Array.from({ length: 400 }, (_, index) => 9_000_000 + index)
    const reversed = [...ids].reverse()
    for (let round = 0; round < 15; round++) {
      // As the listeners do: each mark is its own statement; two of them name the same
      // customers in opposite orders while the job takes what is due.
      const results = await Promise.allSettled([
        markDirty(org.orgId, ids),
        markDirty(org.orgId, reversed),
        processDirty(org.orgId),
        markDirty(org.orgId, reversed),
        processDirty(org.orgId),
      ])
      const failures = results.filter((result) => result.status === 'rejected')
      assert.deepEqual(
        failures.map((failure) => String((failure as PromiseRejectedResult).reason?.message ?? failure)),
        [],
        `round ${round}`
      )
    }
    // Everything marked is taken by the job in the end (the ids name no customer: nothing to price).
    await processDirty(org.orgId)
    const [{ count }] = await db.from('payouts_dirty_customers').where('organization_id', org.orgId).count('* as count')
    assert.equal(Number(count), 0)
  }).timeout(60_000)
})
