/*
 * The demo seed (`npm run seed`, first embedded start) is deterministic and shows the product:
 * - migrates a template database once, seeds two copies of it with the same `--now`, and
 *   compares every table row for row (only columns random on purpose are left out: password
 *   hashes, unguessable public tokens, storage keys);
 * - checks what a newcomer finds in the demo organisation (counts and kinds, below), the
 *   money path included: customers, activity, commissions (past months closed, one of them
 *   approved), postbacks and webhooks with their deliveries;
 * - fails when a seed (normal size, the ace process included) takes over 20 s, and prints the time.
 * Databases: affix_test_seed{,_a,_b}<AFFIX_TEST_DB_SUFFIX> on TEST_PG_URL, dropped at the end.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { recreateDatabase, testDatabaseName } from './test_server.mjs'

const CORE = fileURLToPath(new URL('../core/', import.meta.url))
const PG_BASE = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '')
const NOW = '2026-03-18T18:30:00.000Z'
/** A first start (`npm start` on an empty database) seeds the demo within this budget. */
const SEED_BUDGET_SECONDS = 20
/** Random on purpose (salted hashes, unguessable tokens, storage keys): left out of the comparison. */
const RANDOM_COLUMNS = new Set([
  'users.password',
  'brands.password',
  'media.public_token',
  'media.file_key',
  // Signing secrets, sealed with a random IV.
  'postbacks.secret_encrypted',
  'webhook_configs.secret_encrypted',
])

const dataDir = mkdtempSync(join(tmpdir(), 'affix-seed-check-'))

function ace(databaseUrl, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', ...args], {
      cwd: CORE,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_KEY: 'seed-check-app-key-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`ace ${args.join(' ')} exited ${code}:\n${output.slice(-3000)}`))
    )
  })
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Every base table (partitioned parents, not their partitions): name → md5 of its sorted rows. */
async function fingerprint(url) {
  return withClient(url, async (client) => {
    const tables = await client.query(`
      SELECT c.relname AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
         AND c.relname NOT LIKE 'adonis_schema%'
       ORDER BY 1`)
    const result = {}
    for (const { name } of tables.rows) {
      const columns = (
        await client.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
          [name]
        )
      ).rows
        .map((row) => row.column_name)
        .filter((column) => !RANDOM_COLUMNS.has(`${name}.${column}`))
      const list = columns.map((column) => `"${column}"`).join(', ')
      const { rows } = await client.query(
        `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
           FROM (SELECT ${list} FROM "${name}") AS t`
      )
      result[name] = rows[0]
    }
    return result
  })
}

const failures = []
const expect = (condition, message) => {
  if (!condition) failures.push(message)
}

const databases = []
try {
  const template = await recreateDatabase('affix_test_seed')
  databases.push(testDatabaseName('affix_test_seed'))
  await ace(template, ['migration:run', '--force'])
  const copies = []
  const seconds = []
  for (const name of ['affix_test_seed_a', 'affix_test_seed_b']) {
    const database = testDatabaseName(name)
    await withClient(`${PG_BASE}/postgres`, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await client.query(`CREATE DATABASE ${database} TEMPLATE ${testDatabaseName('affix_test_seed')}`)
    })
    databases.push(database)
    const url = `${PG_BASE}/${database}`
    const started = performance.now()
    await ace(url, ['demo:seed', '--now', NOW])
    seconds.push((performance.now() - started) / 1000)
    copies.push(url)
  }

  // Deterministic: the same rows in both copies.
  const [first, second] = [await fingerprint(copies[0]), await fingerprint(copies[1])]
  const differing = Object.keys(first).filter(
    (table) => first[table].digest !== second[table]?.digest || first[table].count !== second[table]?.count
  )
  expect(!differing.length, `two seeds with the same --now differ in: ${differing.join(', ')}`)

  // Complete: what a newcomer finds in the demo organisation.
  const found = await withClient(copies[0], async (client) => {
    const one = async (sql) => (await client.query(sql)).rows[0]
    const all = async (sql) => (await client.query(sql)).rows
    return {
      team: await all(
        `SELECT role, count(*)::int AS n FROM users WHERE role IN ('sub-admin', 'afm', 'adm') GROUP BY role`
      ),
      affiliates: await one(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'active')::int AS active,
          count(DISTINCT status)::int AS statuses, count(DISTINCT country)::int AS countries FROM users WHERE role = 'affiliate'`),
      profiles: await one(`SELECT count(manager_id)::int AS managed, count(referred_by)::int AS referred,
          count(group_id)::int AS grouped FROM affiliate_profiles`),
      referralLevels: await one(
        `SELECT count(*)::int AS n FROM affiliate_profiles a JOIN affiliate_profiles b ON b.user_id = a.referred_by WHERE b.referred_by IS NOT NULL`
      ),
      groups: await one(`SELECT count(*)::int AS n, count(parent_group_id)::int AS children FROM affiliate_groups`),
      assignments: await one(`SELECT count(*)::int AS n FROM team_member_affiliates`),
      payments: await one(
        `SELECT count(*)::int AS n, count(DISTINCT default_method)::int AS methods FROM affiliate_payment_details`
      ),
      campaigns: await one(`SELECT count(*)::int AS n, count(DISTINCT status)::int AS statuses,
          count(*) FILTER (WHERE visibility = 'private')::int AS private FROM campaigns`),
      models: (await all(`SELECT DISTINCT model FROM campaign_payouts ORDER BY 1`)).map((row) => row.model),
      cpaFtdQftd: await one(
        `SELECT count(*)::int AS n FROM campaign_payouts WHERE model = 'cpa' AND goal = 'ftd' AND qftd_min_deposit IS NOT NULL`
      ),
      ranges: await one(
        `SELECT count(*)::int AS n FROM campaign_payouts WHERE model = 'hybrid' AND range_rules_enabled`
      ),
      caps: await one(
        `SELECT count(*)::int AS n, count(DISTINCT action)::int AS actions, count(DISTINCT type)::int AS types FROM campaign_caps`
      ),
      blocks: await one(`SELECT count(*)::int AS n FROM campaign_rule_blocks`),
      campaignGroups: await one(`SELECT count(*) FILTER (WHERE is_primary)::int AS primaries FROM campaign_groups`),
      overrides: await one(
        `SELECT count(affiliate_id)::int AS affiliates, count(group_id)::int AS groups FROM campaign_payout_overrides`
      ),
      access: (await all(`SELECT DISTINCT status FROM campaign_access ORDER BY 1`)).map((row) => row.status),
      media: await one(`SELECT count(*)::int AS n, count(DISTINCT type)::int AS types FROM media`),
      promo: await one(`SELECT count(*)::int AS n, count(DISTINCT type)::int AS types FROM promo_codes`),
      deepLinks: await one(`SELECT count(*)::int AS n FROM deep_links`),
      brandPanels: await one(
        `SELECT count(*)::int AS n FROM brand_panels p JOIN users u ON u.id = p.user_id WHERE u.role = 'brand' AND u.status = 'active'`
      ),
      domains: await one(`SELECT count(*)::int AS n, count(DISTINCT type)::int AS types FROM domains`),
      fraudRules: await one(`SELECT count(DISTINCT type)::int AS types FROM fraud_rules`),
      clicks: await one(`SELECT count(*)::int AS n,
          count(DISTINCT (created_at AT TIME ZONE 'America/Sao_Paulo')::date)::int AS days,
          count(DISTINCT country)::int AS countries, count(DISTINCT device)::int AS devices,
          count(*) FILTER (WHERE fraud_action = 'mark')::int AS marked,
          count(*) FILTER (WHERE outcome = 'fallback')::int AS fallbacks,
          max(created_at) <= '${NOW}'::timestamptz AS none_after_now,
          min(created_at) >= '${NOW}'::timestamptz - interval '91 days' AS none_before_90_days,
          bool_and((extract(epoch FROM created_at) * 1000)::bigint = ('x' || substr(replace(click_id::text, '-', ''), 1, 12))::bit(48)::bigint) AS ids_are_their_time
        FROM tracking_clicks`),
      reasons: (await all(`SELECT DISTINCT reason FROM tracking_clicks WHERE reason IS NOT NULL ORDER BY 1`)).map(
        (row) => row.reason
      ),
      // The money path: players, their activity, the commissions it earned, the postbacks it sent.
      customers: await one(`SELECT count(*)::int AS n, count(affiliate_id)::int AS attributed,
          count(DISTINCT brand_id)::int AS brands, count(DISTINCT attribution_source)::int AS sources FROM customers`),
      activity: await one(`SELECT count(*)::int AS n, count(DISTINCT date)::int AS days,
          count(*) FILTER (WHERE is_ftd)::int AS ftds, count(DISTINCT affiliate_id)::int AS affiliates,
          max(date) <= ('${NOW}'::timestamptz)::date AS none_after_now FROM customer_activity`),
      periods: await one(`SELECT count(*)::int AS closed,
          count(*) FILTER (WHERE EXISTS (SELECT 1 FROM payouts_rows r WHERE r.organization_id = p.organization_id
                AND r.period = p.period AND r.status = 'approved')
            AND NOT EXISTS (SELECT 1 FROM payouts_rows r WHERE r.organization_id = p.organization_id
                AND r.period = p.period AND r.status IN ('pending', 'hold')))::int AS approved
        FROM payouts_periods p WHERE p.status = 'closed'`),
      commissions: await one(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'pending')::int AS pending,
          count(DISTINCT period)::int AS periods, count(DISTINCT affiliate_id)::int AS affiliates,
          count(*) FILTER (WHERE amount IS NOT NULL AND amount <> 0)::int AS priced FROM payouts_rows`),
      commissionTypes: (await all(`SELECT DISTINCT type FROM payouts_rows ORDER BY 1`)).map((row) => row.type),
      postbacks: await one(`SELECT (SELECT count(*) FROM postbacks)::int AS postbacks,
          (SELECT count(*) FROM postback_rules)::int AS rules, (SELECT count(*) FROM webhook_configs)::int AS webhooks,
          (SELECT count(*) FROM postback_attempts)::int AS attempts`),
      deliveries: (await all(`SELECT DISTINCT status FROM postback_deliveries ORDER BY 1`)).map((row) => row.status),
    }
  })
  const teamRoles = Object.fromEntries(found.team.map((row) => [row.role, row.n]))
  expect(
    teamRoles['sub-admin'] === 1 && teamRoles.afm === 2 && teamRoles.adm === 1,
    `team ${JSON.stringify(teamRoles)}`
  )
  expect(found.affiliates.n === 60 && found.affiliates.active >= 40, `affiliates ${JSON.stringify(found.affiliates)}`)
  expect(
    found.affiliates.statuses === 4 && found.affiliates.countries >= 6,
    `affiliate kinds ${JSON.stringify(found.affiliates)}`
  )
  expect(
    found.profiles.managed >= 20 && found.profiles.referred >= 5 && found.profiles.grouped >= 20,
    `profiles ${JSON.stringify(found.profiles)}`
  )
  expect(found.referralLevels.n >= 1, 'no second-level referral')
  expect(found.groups.n === 5 && found.groups.children === 1, `groups ${JSON.stringify(found.groups)}`)
  expect(found.assignments.n >= 20, `team assignments ${found.assignments.n}`)
  expect(found.payments.n >= 20 && found.payments.methods >= 3, `payment details ${JSON.stringify(found.payments)}`)
  expect(
    found.campaigns.n === 12 && found.campaigns.statuses === 4 && found.campaigns.private === 2,
    `campaigns ${JSON.stringify(found.campaigns)}`
  )
  expect(
    JSON.stringify(found.models) === JSON.stringify(['cpa', 'cpc', 'cps', 'cumulative_deposit', 'hybrid']),
    `payout models ${found.models}`
  )
  expect(found.cpaFtdQftd.n >= 1 && found.ranges.n >= 1, 'no CPA (goal FTD, QFTD) or no hybrid with range rules')
  expect(found.caps.n >= 5 && found.caps.actions === 3 && found.caps.types === 2, `caps ${JSON.stringify(found.caps)}`)
  expect(found.blocks.n >= 3 && found.campaignGroups.primaries >= 4, 'rule blocks or campaign groups missing')
  expect(found.overrides.affiliates >= 1 && found.overrides.groups >= 1, `overrides ${JSON.stringify(found.overrides)}`)
  expect(JSON.stringify(found.access) === JSON.stringify(['approved', 'pending', 'rejected']), `access ${found.access}`)
  expect(found.media.n === 6 && found.promo.n === 8 && found.promo.types === 3, 'media or promo codes')
  expect(found.deepLinks.n === 5 && found.domains.n === 4 && found.domains.types === 2, 'deep links or domains')
  expect(found.brandPanels.n === 1, `brand panels ${found.brandPanels.n}`)
  expect(found.fraudRules.types === 4, 'fraud rule types')
  const clicks = found.clicks
  expect(clicks.n >= 40_000 && clicks.n <= 80_000, `clicks ${clicks.n}`)
  expect(clicks.days >= 88, `clicks on ${clicks.days} local days of 90`)
  expect(
    clicks.countries >= 8 && clicks.devices >= 3 && clicks.marked > 0 && clicks.fallbacks > 0,
    `click kinds ${JSON.stringify(clicks)}`
  )
  expect(clicks.none_after_now && clicks.none_before_90_days, 'clicks outside the 90 days before --now')
  expect(clicks.ids_are_their_time, 'a click id is not the UUIDv7 of its own millisecond')
  for (const reason of [
    'blocked_affiliate',
    'cap_reached',
    'disabled',
    'fraud_block',
    'paused',
    'targeting',
    'unknown_affiliate',
  ])
    expect(found.reasons.includes(reason), `no click turned away for ${reason} (${found.reasons})`)

  const { customers, activity, periods, commissions, postbacks } = found
  expect(
    customers.n >= 200 && customers.attributed >= customers.n / 2 && customers.brands >= 2 && customers.sources >= 2,
    `customers ${JSON.stringify(customers)}`
  )
  expect(
    activity.n >= 2000 && activity.days >= 60 && activity.ftds >= 100 && activity.affiliates >= 20,
    `activity ${JSON.stringify(activity)}`
  )
  expect(activity.none_after_now, 'activity dated after --now')
  // Past months closed, the oldest of them approved; the current month open with pending rows.
  expect(periods.closed >= 2 && periods.approved >= 1, `closed / approved months ${JSON.stringify(periods)}`)
  expect(
    commissions.n >= 200 && commissions.pending > 0 && commissions.periods >= 3 && commissions.priced >= 100,
    `commissions ${JSON.stringify(commissions)}`
  )
  for (const type of ['cpa', 'cpc', 'referral', 'revshare'])
    expect(found.commissionTypes.includes(type), `no ${type} commission (${found.commissionTypes})`)
  expect(
    postbacks.postbacks >= 1 && postbacks.rules >= 1 && postbacks.webhooks >= 1 && postbacks.attempts > 0,
    `postbacks and webhooks ${JSON.stringify(postbacks)}`
  )
  expect(
    found.deliveries.includes('delivered') && found.deliveries.includes('dead'),
    `postback deliveries ${found.deliveries}`
  )
  // The budget of a first start: seeding (the ace process included) within 20 s.
  const slowest = Math.max(...seconds)
  expect(slowest <= SEED_BUDGET_SECONDS, `seeding took ${slowest.toFixed(1)} s, over ${SEED_BUDGET_SECONDS} s`)

  if (!failures.length) {
    console.log(
      `demo seed: two seeds with the same --now are identical (${Object.keys(first).length} tables); ` +
        `${found.affiliates.n} affiliates, ${found.campaigns.n} campaigns (${found.models.join(', ')}), ${clicks.n} clicks on ${clicks.days} days, ` +
        `${customers.n} customers, ${activity.n} activity rows, ${commissions.n} commissions (${periods.closed} months closed, ${periods.approved} approved), ` +
        `${postbacks.postbacks} postbacks and ${postbacks.webhooks} webhook (${found.deliveries.join(', ')} deliveries); ` +
        `seeded in ${seconds.map((value) => value.toFixed(1)).join(' s and ')} s (ace process included)`
    )
  }
} catch (error) {
  failures.push(error.message)
} finally {
  await withClient(`${PG_BASE}/postgres`, async (client) => {
    for (const database of databases.reverse()) await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  }).catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}
if (failures.length) {
  console.error(`demo seed check failed:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
