import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addUser, createTenant } from '@affix/core/testing'
import { markDeferred, markDirty, processDirty, settleWaiting, takeWaiting } from '../../src/ledger/recompute.js'
import { lockLedger } from '../../src/ledger/state.js'
import { routeActivityChange } from '../../src/ledger/provisional.js'
import { CHANGE_FLAGS } from '@affix/customers/contracts'
import { activity, affiliate, API, brief, campaign, organization, register, rows, setPlan, settled } from './helpers.js'

/* Refusals (en/pt/tr), concurrency, roles and tenants, carryover and referrals, CPC. */

async function revshareSetup(client: any, options: { negativeCarryover?: boolean } = {}) {
  const org = await organization()
  const campaignId = await campaign(org.orgId, org.brandId)
  const referrer = await affiliate(org.orgId)
  const aff = await affiliate(org.orgId, {
    negativeCarryover: options.negativeCarryover ?? false,
    referredBy: referrer.user.id,
  })
  await setPlan(client, org.tenant.token, campaignId, { model: 'cps', cpsNgrP: 50 })
  await register(client, org.tenant.token, [
    { cuid: 'r-1', date: '2025-01-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
  ])
  return { ...org, campaignId, aff, referrer }
}

test.group('Payouts: refusals', () => {
  test('closing out of order, twice, before the end; approving open or denied rows; deny without a reason', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId, aff } = await revshareSetup(client)
    await activity(client, tenant.token, [
      { cuid: 'r-1', date: '2025-01-10', bets: 100, wins: 40 },
      { cuid: 'r-1', date: '2025-02-10', bets: 100, wins: 20 },
    ])
    await settled(orgId)
    const close = (period: string, language = 'en') =>
      client.post(`${API}/periods/${period}/close`).bearerToken(tenant.token).header('accept-language', language)

    const outOfOrder = await close('2025-02', 'pt')
    outOfOrder.assertStatus(422)
    assert.equal(outOfOrder.body().error.message, 'Feche 2025-01 primeiro: os períodos fecham em ordem')
    const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7)
    const notEnded = await close(future, 'tr')
    assert.equal(notEnded.status(), 422)
    const bad = await close('2025-13')
    bad.assertStatus(422)
    assert.include(bad.body().error.message, '2025-13 is not a commission period')

    // Open periods: rows are not approved yet.
    const open = await rows(client, tenant.token, { period: '2025-01' })
    const early = await client
      .post(`${API}/rows/approve`)
      .bearerToken(tenant.token)
      .json({ ids: [open[0].id] })
    early.assertStatus(422)
    assert.equal(early.body().error.message, `Only rows of closed periods can be approved (rows ${open[0].id})`)

    ;(await close('2025-01')).assertStatus(200)
    const twice = await close('2025-01', 'pt')
    twice.assertStatus(409)
    assert.equal(twice.body().error.message, 'O período 2025-01 já está fechado')

    const noReason = await client
      .post(`${API}/rows/deny`)
      .bearerToken(tenant.token)
      .header('accept-language', 'tr')
      .json({ ids: [open[0].id] })
    noReason.assertStatus(422)
    assert.equal(noReason.body().error.message, 'Bir satırı reddetmek için neden gereklidir')
    ;(
      await client
        .post(`${API}/rows/deny`)
        .bearerToken(tenant.token)
        .json({ ids: [open[0].id], reason: 'duplicate player' })
    ).assertStatus(200)
    const denied = await client
      .post(`${API}/rows/approve`)
      .bearerToken(tenant.token)
      .json({ ids: [open[0].id] })
    denied.assertStatus(422)
    assert.equal(denied.body().error.message, `A denied row cannot be approved (rows ${open[0].id})`)
    const unpaid = await client
      .post(`${API}/rows/pay`)
      .bearerToken(tenant.token)
      .json({ ids: [open[0].id] })
    unpaid.assertStatus(422)
    assert.equal(unpaid.body().error.message, 'A payment reference is required to mark rows paid')

    // The history of the row: who denied it and why (an affiliate sees what, not who).
    const detail = (await client.get(`${API}/rows/${open[0].id}`).bearerToken(aff.token)).body().data
    assert.deepInclude(detail.history[0], { from: 'pending', to: 'denied', reason: 'duplicate player', actorId: null })
    assert.include(detail.explanation, { type: 'revshare', customerId: open[0].customerId })
    assert.equal(campaignId, detail.campaignId)
  })

  test('referral percentages over 100, bad formulas (with the position) and "Global referral does not exist"', async ({
    client,
    assert,
  }) => {
    const { tenant, brandId } = await organization()
    const missing = await client
      .get(`${API}/referral-settings`)
      .bearerToken(tenant.token)
      .header('accept-language', 'pt')
    missing.assertStatus(404)
    assert.equal(missing.body().error.message, 'A indicação global não existe')
    const tooMuch = await client
      .put(`${API}/referral-settings`)
      .bearerToken(tenant.token)
      .json({ method: 'ngr', levels: [101, 2, 1] })
    tooMuch.assertStatus(422)
    assert.equal(tooMuch.body().error.fields[0].message, 'A percentage cannot be over 100')
    ;(
      await client
        .put(`${API}/referral-settings`)
        .bearerToken(tenant.token)
        .json({ method: 'payout', levels: [10, 5, 2.5] })
    ).assertStatus(200)

    for (const [language, message] of [
      ['en', 'The NGR formula uses an unknown name "bonus" at character 7'],
      ['pt', 'A fórmula de NGR usa um nome desconhecido "bonus" no caractere 7'],
      ['tr', 'NGR formülü 7. karakterde bilinmeyen "bonus" adını kullanıyor'],
    ]) {
      const refused = await client
        .put(`${API}/brands/${brandId}/formula`)
        .bearerToken(tenant.token)
        .header('accept-language', language)
        .json({ ngr: 'ggr - bonus', enabled: true, confirm: true })
      refused.assertStatus(422)
      assert.include(refused.body().error.fields[0].message, message)
      assert.equal(refused.body().error.fields[0].position, 6)
    }
    const zero = await client.post(`${API}/formulas/check`).bearerToken(tenant.token).json({ ggr: 'bets / (2 - 2)' })
    assert.equal(zero.body().data.errors[0].rule, 'division_by_zero')
    const live = await client
      .post(`${API}/formulas/check`)
      .bearerToken(tenant.token)
      .json({ ngr: '(ggr - bonuses) * 0.8 - fees', sample: { bets: 1000, wins: 700, bonuses: 50, fees: 10 } })
    assert.deepEqual(live.body().data.result, { ggr: '300', ngr: '190', divisionByZero: null })
    const unconfirmed = await client
      .put(`${API}/brands/${brandId}/formula`)
      .bearerToken(tenant.token)
      .json({ ngr: '(ggr - bonuses) * 0.8 - fees', enabled: true })
    unconfirmed.assertStatus(422)
    const saved = await client
      .put(`${API}/brands/${brandId}/formula`)
      .bearerToken(tenant.token)
      .json({ ngr: '(ggr - bonuses) * 0.8 - fees', enabled: true, confirm: true })
    saved.assertStatus(200)
    assert.include(saved.body().data.current, { version: 1, enabled: true })
    const required = await client
      .put(`${API}/brands/${brandId}/formula`)
      .bearerToken(tenant.token)
      .json({ enabled: true })
    required.assertStatus(422)
  })
})

test.group('Payouts: carryover, referrals, formulas and CPC', () => {
  test('negative carryover across months and referral levels on the payout basis', async ({ client, assert }) => {
    const { tenant, orgId, aff, referrer } = await revshareSetup(client, { negativeCarryover: true })
    ;(
      await client
        .put(`${API}/referral-settings`)
        .bearerToken(tenant.token)
        .json({ method: 'payout', levels: [10, 5, 0] })
    ).assertStatus(200)
    await activity(client, tenant.token, [
      { cuid: 'r-1', date: '2025-01-10', bets: 100, wins: 300 }, // NGR −200 → −100.00
      { cuid: 'r-1', date: '2025-02-10', bets: 400, wins: 100 }, // NGR 300 → 150.00
    ])
    await settled(orgId)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    ;(await client.post(`${API}/periods/2025-02/close`).bearerToken(tenant.token)).assertStatus(200)
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-01' })), [
      'carryover:100.00:pending',
      'revshare:-100.00:pending',
    ])
    // February: R 150 + carry_in −100 = 50 → a carryover row of −100; the referrer earns 10 % of 50.
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-02', affiliateId: aff.user.id })), [
      'carryover:-100.00:pending',
      'revshare:150.00:pending',
    ])
    assert.deepEqual(brief(await rows(client, referrer.token, { period: '2025-02' })), ['referral:5.00:pending'])
    const carry = (await client.get(`${API}/carryover`).bearerToken(tenant.token)).body().data
    assert.deepInclude(
      carry.map(({ brandId: _brand, ...rest }: any) => rest),
      { period: '2025-01', affiliateId: aff.user.id, currency: 'USD', amount: '-100.00' }
    )
    const report = (await client.get(`${API}/referrals`).bearerToken(tenant.token).qs({ level: 1 })).body().data
    assert.deepInclude(report, {
      period: '2025-02',
      referrerId: referrer.user.id,
      level: 1,
      currency: 'USD',
      referredAffiliates: 1,
      amount: '5.00',
    })
    // A referrer sees its referral rows, never the referred affiliate's rows.
    assert.lengthOf(await rows(client, referrer.token, { affiliateId: aff.user.id }), 0)
  })

  test('a late activity row of a closed month is a correction in the earliest open one; fraud claws back CPA', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, { model: 'hybrid', goal: 'ftd', cpaPayout: 30, cpsNgrP: 10 })
    await register(client, tenant.token, [
      { cuid: 'l-1', date: '2025-01-03T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: aff.user.id },
    ])
    await activity(client, tenant.token, [
      { cuid: 'l-1', date: '2025-01-04', txn_id: 'l1', deposits: 50, deposit_count: 1, bets: 100, wins: 50 },
    ])
    await settled(orgId)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token)).assertStatus(200)
    await activity(client, tenant.token, [{ cuid: 'l-1', date: '2025-01-20', txn_id: 'l2', bets: 200, wins: 100 }])
    await settled(orgId)
    assert.deepEqual(brief(await rows(client, tenant.token, { period: '2025-01' })), [
      'cpa:30.00:pending',
      'revshare:5.00:pending',
    ])
    const february = await rows(client, tenant.token, { period: '2025-02' })
    assert.deepEqual(brief(february), ['correction:10.00:pending'])
    assert.deepInclude(february[0].corrects, { type: 'revshare', period: '2025-01' })

    const customerId = february[0].customerId
    ;(
      await client
        .post(`/api/v1/customers/customers/${customerId}/fraud`)
        .bearerToken(tenant.token)
        .json({ reason: 'bonus abuse' })
    ).assertStatus(200)
    await settled(orgId)
    const after = await rows(client, tenant.token, { period: '2025-02' })
    assert.includeMembers(brief(after), ['clawback:-30.00:pending', 'correction:10.00:denied'])
  })

  test('CPC pays per redirected click per day; rows follow the clicks', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, { model: 'cpc', cpaPayout: '0.0125' })
    const at = '2025-03-05T12:00:00Z'
    const click = (fraud: string | null, outcome = 'redirect') => ({
      click_id: crypto.randomUUID(),
      created_at: at,
      organization_id: orgId,
      campaign_id: campaignId,
      brand_id: brandId,
      affiliate_id: aff.user.id,
      outcome,
      ip: '203.0.113.9',
      fraud_action: fraud,
    })
    await db
      .table('tracking_clicks')
      .multiInsert([...Array.from({ length: 8 }, () => click(null)), click('mark'), click(null, 'fallback')])
    const { refreshClicks } = await import('../../src/ledger/recompute.js')
    await refreshClicks(orgId, new Date('2025-03-06T08:00:00Z'))
    assert.deepEqual(brief(await rows(client, tenant.token)), ['cpc:0.10:pending'])
  })
})

test.group('Payouts: concurrency, roles and tenants', () => {
  test('two closes at once: one closes, the other is refused, nothing is counted twice', async ({ client, assert }) => {
    const { tenant, orgId, aff } = await revshareSetup(client, { negativeCarryover: true })
    await activity(client, tenant.token, [{ cuid: 'r-1', date: '2025-01-10', bets: 100, wins: 300 }])
    await settled(orgId)
    const [first, second] = await Promise.all([
      client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token),
      client.post(`${API}/periods/2025-01/close`).bearerToken(tenant.token),
    ])
    assert.sameMembers([first.status(), second.status()], [200, 409])
    assert.deepEqual(brief(await rows(client, tenant.token, { affiliateId: aff.user.id })), [
      'carryover:100.00:pending',
      'revshare:-100.00:pending',
    ])
    const balances = await db.from('payouts_carry_balances').where('organization_id', orgId)
    assert.lengthOf(balances, 1)
  })

  test('two recomputations of the same customers at once never double-count', async ({ client, assert }) => {
    const { tenant, orgId, brandId } = await organization()
    const campaignId = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, campaignId, {
      model: 'cpa',
      goal: 'ftd',
      cpaPayout: 20,
      rangeRules: { enabled: true, mode: 'marginal', ranges: [{ from: 3, payout: 35 }] },
    })
    const players = Array.from({ length: 6 }, (_, i) => `c-${i}`)
    await register(
      client,
      tenant.token,
      players.map((cuid) => ({
        cuid,
        date: '2025-01-02T10:00:00Z',
        curr: 'USD',
        campaign_id: campaignId,
        pub_id: aff.user.id,
      }))
    )
    await activity(
      client,
      tenant.token,
      players.map((cuid, i) => ({ cuid, date: `2025-01-1${i}`, deposits: 10, deposit_count: 1, ftd: 1 }))
    )
    await settled(orgId)
    const ids = (await db.from('customers').where('organization_id', orgId).select('id')).map((row) => Number(row.id))
    await Promise.all([
      markDirty(orgId, ids).then(() => processDirty(orgId)),
      markDirty(orgId, ids).then(() => processDirty(orgId)),
      processDirty(orgId),
    ])
    await settled(orgId)
    // Marginal tiers: events 1–2 pay 20, from the 3rd 35.
    assert.deepEqual(brief(await rows(client, tenant.token, { type: 'cpa' })), [
      'cpa:20.00:pending',
      'cpa:20.00:pending',
      'cpa:35.00:pending',
      'cpa:35.00:pending',
      'cpa:35.00:pending',
      'cpa:35.00:pending',
    ])
  })

  test('a mark made while a computation runs keeps its customer waiting; markers never wait for it', async ({
    assert,
  }) => {
    const { orgId } = await organization()
    await db.transaction(async (trx) => {
      // As a computation does: the job worker's own runs wait for this one.
      await lockLedger(trx, orgId)
      // Marks are made on other connections: they never take the ledger lock.
      await markDirty(orgId, [1, 2, 3])
      await markDeferred(orgId, [4])
      await db
        .from('payouts_dirty_customers')
        .where('organization_id', orgId)
        .update({ due_at: new Date(Date.now() - 1000) })
      const urgent = await takeWaiting(trx, orgId, { deferred: false, limit: 10 })
      const deferred = await takeWaiting(trx, orgId, { deferred: true, limit: 10 })
      assert.deepEqual(
        urgent.map((entry) => entry.customerId),
        [1, 2, 3]
      )
      assert.deepEqual(
        deferred.map((entry) => entry.customerId),
        [4]
      )
      // Marked again while "computing" (another connection, not blocked by this transaction).
      await markDirty(orgId, [2])
      await markDeferred(orgId, [4])
      await settleWaiting(trx, orgId, [...urgent, ...deferred])
      // 1 and 3 are done; 2 waits, due now; 4 waits for the provisional delay again.
      const waiting = (
        await trx.from('payouts_dirty_customers').where('organization_id', orgId).orderBy('customer_id')
      ).map(
        (row) =>
          `${row.customer_id}:${row.deferred ? 'deferred' : 'now'}:${new Date(row.due_at) > new Date() ? 'later' : 'due'}`
      )
      assert.deepEqual(waiting, ['2:now:due', '4:deferred:later'])
    })
  })

  test('an activity event of an earlier version (no per-customer summary) is routed as its summary would be', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, brandId } = await organization()
    const revshare = await campaign(orgId, brandId)
    const cpa = await campaign(orgId, brandId)
    const aff = await affiliate(orgId)
    await setPlan(client, tenant.token, revshare, { model: 'cps', cpsNgrP: 40 })
    await setPlan(client, tenant.token, cpa, { model: 'cpa', goal: 'ftd', cpaPayout: 20 })
    const player = (cuid: string, campaignId: number) => ({
      cuid,
      date: '2025-01-02T10:00:00Z',
      curr: 'USD',
      campaign_id: campaignId,
      pub_id: aff.user.id,
    })
    await register(client, tenant.token, [player('rs', revshare), player('fix', cpa), player('bets', cpa)])
    await activity(client, tenant.token, [
      { cuid: 'rs', date: '2025-01-10', txn_id: 'rs-1', bets: 50, wins: 10 },
      { cuid: 'fix', date: '2025-01-10', txn_id: 'fix-1', deposits: 10, deposit_count: 1, ftd: 1 },
      { cuid: 'bets', date: '2025-01-11', txn_id: 'bets-1', bets: 30, wins: 5 },
    ])
    // A correction of rs-1 (same key, other values).
    await activity(client, tenant.token, [{ cuid: 'rs', date: '2025-01-10', txn_id: 'rs-1', bets: 60, wins: 10 }])
    await settled(orgId)
    const stored = await db
      .from('customer_activity as a')
      .join('customers as c', 'c.id', 'a.customer_id')
      .where('a.organization_id', orgId)
      .orderBy('a.id')
      .select('a.id', 'a.customer_id', 'c.cuid', 'a.date', 'a.deposits', 'a.deposit_count', 'a.version')
    const dateOf = (value: unknown) =>
      value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
    const customerOf = new Map(stored.map((row) => [Number(row.customer_id), row.cuid as string]))
    const full = {
      organizationId: orgId,
      activityIds: stored.map((row) => Number(row.id)),
      correctedIds: stored.filter((row) => Number(row.version) > 1).map((row) => Number(row.id)),
      customerIds: stored.map((row) => Number(row.customer_id)),
      ftdCustomerIds: [],
      customerFrom: stored.map((row) => dateOf(row.date)),
      customerFlags: stored.map(
        (row) =>
          (Number(row.deposits) !== 0 ? CHANGE_FLAGS.deposits : 0) |
          (Number(row.deposit_count) > 0 ? CHANGE_FLAGS.depositCount : 0) |
          (Number(row.version) > 1 ? CHANGE_FLAGS.corrected : 0)
      ),
    }
    const { customerFrom: _from, customerFlags: _flags, ...earlier } = full
    // The ledger lock keeps the recompute job from taking the marks while they are read (the
    // marks are written on other connections: this transaction must hold no row they touch).
    const routed = async (event: typeof earlier) => {
      await settled(orgId)
      const marks = await db.transaction(async (trx) => {
        await lockLedger(trx, orgId)
        await routeActivityChange(event)
        return trx.from('payouts_dirty_customers').where('organization_id', orgId)
      })
      return Object.fromEntries(
        marks
          .map((row) => [customerOf.get(Number(row.customer_id)), row.deferred ? 'later' : 'now'])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      )
    }
    // Bets of a player without its FTD wait; the FTD and a corrected RevShare row go at once.
    const expected = { bets: 'later', fix: 'now', rs: 'now' }
    assert.deepEqual(await routed(full), expected)
    assert.deepEqual(await routed(earlier), expected)
  })

  test('an affiliate sees only its own rows and statements; another organisation sees nothing', async ({
    client,
    assert,
  }) => {
    const { tenant, orgId, campaignId, aff } = await revshareSetup(client)
    const other = await affiliate(orgId)
    await register(client, tenant.token, [
      { cuid: 'o-1', date: '2025-01-05T10:00:00Z', curr: 'USD', campaign_id: campaignId, pub_id: other.user.id },
    ])
    await activity(client, tenant.token, [
      { cuid: 'r-1', date: '2025-01-10', bets: 100, wins: 40 },
      { cuid: 'o-1', date: '2025-01-10', bets: 100, wins: 10 },
    ])
    await settled(orgId)
    const mine = await rows(client, aff.token)
    assert.isAbove(mine.length, 0)
    assert.isTrue(mine.every((row) => row.affiliateId === aff.user.id))
    const theirs = (await rows(client, other.token))[0]
    ;(await client.get(`${API}/rows/${theirs.id}`).bearerToken(aff.token)).assertStatus(404)
    const statements = (await client.get(`${API}/statements`).bearerToken(aff.token)).body().data
    assert.deepEqual(
      statements.map((entry: any) => entry.affiliateId),
      [aff.user.id]
    )
    ;(
      await client
        .post(`${API}/rows/approve`)
        .bearerToken(aff.token)
        .json({ ids: [mine[0].id] })
    ).assertStatus(403)
    ;(await client.post(`${API}/periods/2025-01/close`).bearerToken(aff.token)).assertStatus(403)

    const stranger = await createTenant('admin')
    assert.lengthOf(await rows(client, stranger.token), 0)
    ;(await client.get(`${API}/rows/${theirs.id}`).bearerToken(stranger.token)).assertStatus(404)
    ;(
      await client
        .post(`${API}/rows/deny`)
        .bearerToken(stranger.token)
        .json({ ids: [theirs.id], reason: 'x' })
    ).assertStatus(404)

    // An AFM sees the affiliates assigned to it only.
    const afm = await addUser(orgId, 'afm')
    await db
      .insertQuery()
      .table('team_member_affiliates')
      .insert({ organization_id: orgId, member_id: afm.user.id, affiliate_id: aff.user.id })
    await db
      .from('users')
      .where('id', afm.user.id)
      .update({ report_scope: JSON.stringify({ affiliates: 'assigned', campaigns: null, reports: null }) })
    const scoped = await rows(client, afm.token)
    assert.isTrue(scoped.length > 0 && scoped.every((row) => row.affiliateId === aff.user.id))
  })
})
