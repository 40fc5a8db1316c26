/*
 * Demo clicks (manifest `seed`): 90 days of traffic on the campaigns and affiliates seeded
 * before (read through their contracts on the seed's transaction), written by one set-based
 * INSERT … SELECT — no row crosses from Node.js to PostgreSQL one at a time.
 *
 * Node decides the shape: which affiliate promotes which campaigns (those of its market, the
 * private ones it is approved for) and how much (a few big affiliates, a long tail), when
 * each pair started (the later of the affiliate's and the campaign's creation) and when a
 * campaign stopped. PostgreSQL draws each click from hashes of its own ordinal
 * (hashint8extended, md5), so the same seed gives the same clicks: the daily shape (growth
 * over the quarter, weekends up, an evening peak in the organisation's zone), countries,
 * devices, systems and browsers with matching user agents, languages, IPs, sources, deep
 * links, and the engine's outcomes — fallbacks and rejections after a campaign stopped,
 * outside its targeting, for a blocked affiliate, over a daily click cap, and fraud marks
 * (data centre) and blocks (blacklist, bots) with the rules that made them.
 * `normal`: about 60,000 clicks; `large`: about 2,000,000.
 */
import type { SeedContext } from '@affix/core/kernel'
import { listCampaigns } from '@affix/campaigns/contracts'
import { listFraudRules } from '@affix/fraud/contracts'
import { listAffiliates } from '@affix/affiliates/contracts'

const DAYS = 90
const TARGET_CLICKS = { normal: 60_000, large: 2_000_000 }
/** Per pair and day the ordinal leaves room for 10,000 clicks. */
const MAX_PER_DAY = 9_999

/** Relative clicks per local hour: quiet nights, an evening peak. */
const HOURLY = [3, 2, 1.5, 1, 0.8, 0.8, 1.2, 2, 3, 3.5, 4, 4.5, 5, 5, 4.8, 4.8, 5, 5.5, 6.5, 7.5, 8, 8, 7, 5]
const SOURCES = ['home', 'review', 'banner-300x250', 'banner-728x90', 'newsletter', 'telegram', 'youtube', 'instagram']
const CHANNELS = {
  seo: ['https://www.google.com/', 'https://www.bing.com/'],
  social: ['https://t.me/', 'https://www.instagram.com/', 'https://www.youtube.com/'],
}

/** 100 percentiles of the hour distribution: hour = HOURS[1 + floor(u * 100)] in SQL. */
function percentiles(weights: number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const result: number[] = []
  let cumulative = 0
  let hour = 0
  for (let step = 0; step < 100; step++) {
    const target = ((step + 0.5) / 100) * total
    while (cumulative + weights[hour] < target && hour < weights.length - 1) cumulative += weights[hour++]
    result.push(hour)
  }
  return result
}

/** Monthly partitions for the seeded past (this month and later exist already), unless the DEFAULT one holds rows of that month. */
async function ensurePastPartitions(trx: SeedContext['trx'], from: Date) {
  await trx.rawQuery(
    `DO $$
     DECLARE
       month_start date := date_trunc('month', ?::timestamptz AT TIME ZONE 'UTC')::date;
       this_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
       partition_name text;
     BEGIN
       WHILE month_start < this_month LOOP
         partition_name := 'tracking_clicks_' || to_char(month_start, 'YYYYMM');
         IF to_regclass(partition_name) IS NULL AND NOT EXISTS (
           SELECT 1 FROM tracking_clicks_default
            WHERE created_at >= (month_start::timestamp AT TIME ZONE 'UTC')
              AND created_at < ((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
         ) THEN
           EXECUTE format('CREATE TABLE %I PARTITION OF tracking_clicks FOR VALUES FROM (%L) TO (%L)',
             partition_name, (month_start::timestamp AT TIME ZONE 'UTC'),
             ((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
         END IF;
         month_start := (month_start + interval '1 month')::date;
       END LOOP;
     END $$`.replace('?', `'${from.toISOString()}'`)
  )
}

export async function seedClicks({ organizationId, trx, random, size, now, today, timezone }: SeedContext) {
  // One after the other: they share the transaction's connection.
  const campaigns = await listCampaigns(organizationId, trx)
  const affiliates = await listAffiliates(organizationId, trx)
  const rules = await listFraudRules(organizationId, trx)
  if (!campaigns.length || !affiliates.length) return
  const daysAgo = (date: Date) => Math.max(0, Math.floor((now.getTime() - date.getTime()) / 86_400_000))
  const ruleOf = (type: string, action: string) =>
    rules.find((rule) => rule.type === type && rule.action === action && rule.active)
  const dataCentre = ruleOf('data_center', 'mark')
  const blacklist = ruleOf('blacklist', 'block')
  const bots = ruleOf('device', 'block')

  // Who promotes what, how much, from when to when.
  interface Pair {
    idx: number
    campaign_id: number
    brand_id: number
    affiliate_id: number
    base: number
    start_day: number
    stop_day: number
    stop_reason: string | null
    forced_reason: string | null
    home: string
    targets: string[]
    destination: string
    fallback: string | null
    deep_links: number[]
    deep_urls: string[]
    sources: string[]
    referrers: string[]
    dc_share: number
    bad_share: number
  }
  const pairs: Pair[] = []
  const promoters = affiliates.filter((affiliate) => affiliate.status === 'active')
  for (const affiliate of promoters) {
    const home = affiliate.country ?? 'BR'
    const open = campaigns.filter(
      (campaign) =>
        !campaign.blockedAffiliateIds.includes(affiliate.id) &&
        (campaign.approvedAffiliateIds === null || campaign.approvedAffiliateIds.includes(affiliate.id)) &&
        (!campaign.coverageCountries.length || campaign.coverageCountries.includes(home))
    )
    const demoAffiliate = affiliate.email === 'affiliate@demo.affix.dev'
    const chosen = demoAffiliate
      ? open.slice(0, 4)
      : random.sample(open, random.weighted([1, 2, 3, 4, 5], [20, 30, 25, 15, 10]))
    // Lognormal volume: most affiliates send a little, a few send a lot; the demo affiliate is a good one.
    const volume = demoAffiliate ? 3 : Math.exp(random.next() * 2.2 + random.next() * 1.2 - 1.7)
    const shady = random.chance(0.06)
    for (const campaign of chosen) pairs.push(pair(affiliate, campaign, volume, shady, null))
  }
  // Blocked affiliates' old links still get clicks, turned away (a disabled one is unknown to the click path).
  for (const campaign of campaigns) {
    for (const affiliateId of campaign.blockedAffiliateIds) {
      const affiliate = affiliates.find((entry) => entry.id === affiliateId)
      if (affiliate)
        pairs.push(
          pair(
            affiliate,
            campaign,
            0.2,
            false,
            affiliate.status === 'active' ? 'blocked_affiliate' : 'unknown_affiliate'
          )
        )
    }
  }

  function pair(
    affiliate: (typeof affiliates)[number],
    campaign: (typeof campaigns)[number],
    volume: number,
    shady: boolean,
    forcedReason: string | null
  ): Pair {
    // The click path's reasons: a paused campaign, any other stopped one (expired ones are disabled by the expiry job).
    const stopped = campaign.status !== 'active'
    const stopReason = !stopped ? null : campaign.status === 'paused' ? 'paused' : 'disabled'
    const host = (url: string) => new URL(url).host
    const links = campaign.deepLinks.filter((link) => host(link.url) === host(campaign.defaultUrl))
    // A campaign aimed at a few countries turns the others away (its targeting rule block).
    const block = campaign.coverageCountries.length <= 3 ? campaign.coverageCountries : []
    const seo = random.chance(0.5)
    return {
      idx: pairs.length,
      campaign_id: campaign.id,
      brand_id: campaign.brandId,
      affiliate_id: affiliate.id,
      base: volume * (0.5 + random.next()),
      start_day: Math.min(DAYS - 1, daysAgo(affiliate.createdAt), daysAgo(campaign.createdAt)),
      stop_day: stopped ? daysAgo(campaign.updatedAt) : -1,
      stop_reason: stopReason,
      forced_reason: forcedReason,
      home: affiliate.country ?? 'BR',
      targets: block,
      destination: campaign.defaultUrl,
      fallback: campaign.fallbackUrl,
      deep_links: links.map((link) => link.id),
      deep_urls: links.map((link) => link.url),
      sources: random.sample(SOURCES, random.int(1, 3)),
      referrers: seo
        ? [
            ...CHANNELS.seo,
            `https://${(affiliate.name ?? 'partner').split(' ')[0].toLowerCase()}-casino-reviews.example/`,
          ]
        : CHANNELS.social,
      dc_share: dataCentre ? (shady ? 0.08 : 0.004) : 0,
      bad_share: shady && blacklist ? 0.03 : 0,
    }
  }
  if (!pairs.length) return

  // Scale the bases so the expected total meets the size's target.
  const dayFactor = (day: number) => 0.55 + 0.45 * (1 - day / DAYS)
  let expected = 0
  for (const entry of pairs) {
    for (let day = 0; day <= entry.start_day; day++)
      expected += entry.base * dayFactor(day) * (entry.stop_day >= 0 && day < entry.stop_day ? 0.25 : 1) * 1.07
  }
  const scale = TARGET_CLICKS[size] / Math.max(expected, 1)
  for (const entry of pairs) entry.base *= scale

  const first = new Date(now.getTime() - DAYS * 86_400_000)
  await ensurePastPartitions(trx, first)

  // Click ids are the primary key across organisations: two organisations seeded on the same
  // day (tests, a second demo) draw from different streams.
  const seed = (random.seed32() ^ Math.imul(organizationId, 0x9e3779b1)) & 0x7fffffff
  const bindings = {
    pairs: JSON.stringify(pairs),
    hours: `{${percentiles(HOURLY).join(',')}}`,
    today,
    timezone,
    now: now.toISOString(),
    seed,
    org: organizationId,
    days: DAYS - 1,
    max: MAX_PER_DAY,
    dc: JSON.stringify(dataCentre ? { ruleIds: [dataCentre.id], reasons: ['data_center'] } : null),
    bl: JSON.stringify(blacklist ? { ruleIds: [blacklist.id], reasons: ['blacklist'] } : null),
    bot: JSON.stringify(bots ? { ruleIds: [bots.id], reasons: ['device'] } : null),
  }
  // u(n): the n-th uniform draw of a click, from a hash of its ordinal k.
  const u = (n: number) => `((hashint8extended(k, :seed + ${n}) & 2147483647)::float8 / 2147483648.0)`
  // The planner's estimate is far above jit_above_cost: compiling would take longer than running.
  await trx.rawQuery('SET LOCAL jit = off')
  // Every click is unique: caching the per-click steps (Memoize) only costs time.
  await trx.rawQuery('SET LOCAL enable_memoize = off')
  // Each LATERAL step ends with OFFSET 0 so PostgreSQL computes its values once per click
  // instead of inlining them into every expression that uses them.
  await trx.rawQuery(
    `
    WITH pairs AS (
      SELECT * FROM jsonb_to_recordset(:pairs::jsonb) AS p(
        idx int, campaign_id int, brand_id int, affiliate_id int, base float8, start_day int, stop_day int,
        stop_reason text, forced_reason text, home text, targets text[], destination text, fallback text,
        deep_links int[], deep_urls text[], sources text[], referrers text[], dc_share float8, bad_share float8)
    ),
    pair_days AS (
      SELECT p.*, d, (:today::date - d) AS local_day,
        least(:max, floor(
          p.base
          * (0.55::float8 + 0.45::float8 * (1 - d / 90.0::float8))
          * CASE WHEN extract(isodow FROM (:today::date - d)) IN (6, 7) THEN 1.25::float8 ELSE 0.97::float8 END
          * CASE WHEN p.stop_day >= 0 AND d < p.stop_day THEN 0.25 * (1 - (p.stop_day - d)::float8 / (p.stop_day + 1)) ELSE 1 END
          * (0.6 + 0.8 * ((hashint8extended(p.idx * 1000 + d, :seed) & 2147483647)::float8 / 2147483648.0))
          + ((hashint8extended(p.idx * 1000 + d, :seed + 1) & 2147483647)::float8 / 2147483648.0)
        )::int) AS n
      FROM pairs p, generate_series(0, :days) AS d
      WHERE d <= p.start_day
    ),
    draws AS (
      SELECT pd.*, (pd.idx::bigint * 1000000 + pd.d * 10000 + i) AS k
      FROM pair_days pd, generate_series(1, pd.n) AS i
      WHERE pd.n > 0
    )
    INSERT INTO tracking_clicks (
      click_id, created_at, organization_id, campaign_id, brand_id, affiliate_id, outcome, reason, ip, country,
      device, os, browser, language, user_agent, referrer, source, params, deep_link_id, deep_link_url, url_ignored,
      destination, fraud_action, fraud)
    SELECT
      e.click_id, a.at, :org, campaign_id, brand_id, affiliate_id,
      CASE WHEN c.reason IS NULL THEN 'redirect' WHEN fallback IS NOT NULL THEN 'fallback' ELSE 'rejected' END,
      c.reason,
      CASE a.fraud_kind
        WHEN 'blacklist' THEN '203.0.113.' || (1 + floor(r.u9 * 250))::int
        ELSE (CASE WHEN a.fraud_kind = 'data_center' THEN ARRAY['34', '35', '52', '54', '104', '143']
                   ELSE CASE a.country
                     WHEN 'BR' THEN ARRAY['177', '179', '186', '187', '189', '191', '200', '201']
                     WHEN 'PT' THEN ARRAY['85', '89', '94', '188']
                     WHEN 'TR' THEN ARRAY['78', '88', '176', '212']
                     WHEN 'GB' THEN ARRAY['81', '86', '90', '109']
                     WHEN 'ES' THEN ARRAY['83', '88', '95', '213']
                     WHEN 'MX' THEN ARRAY['187', '189', '201']
                     WHEN 'DE' THEN ARRAY['77', '84', '87', '91']
                     ELSE ARRAY['24', '73', '98'] END
              END)[1 + floor(r.u9 * 3)::int]
          || '.' || get_byte(r.bytes, 10) || '.' || get_byte(r.bytes, 11) || '.' || (1 + get_byte(r.bytes, 12) % 254)
      END,
      a.country,
      -- A crawler user agent as the click path parses it (ua-parser-js gives no device type,
      -- OS or browser, so desktop); only the fraud rules call it a bot.
      CASE WHEN a.fraud_kind = 'bot' THEN 'desktop' ELSE a.device END,
      CASE WHEN a.fraud_kind = 'bot' THEN NULL ELSE b.os END,
      CASE WHEN a.fraud_kind = 'bot' THEN NULL ELSE c.browser END,
      CASE WHEN r.u13 < 0.1 THEN 'en' ELSE CASE a.country WHEN 'BR' THEN 'pt' WHEN 'PT' THEN 'pt' WHEN 'TR' THEN 'tr'
        WHEN 'ES' THEN 'es' WHEN 'MX' THEN 'es' WHEN 'AR' THEN 'es' WHEN 'CO' THEN 'es' WHEN 'DE' THEN 'de'
        WHEN 'FR' THEN 'fr' WHEN 'IT' THEN 'it' WHEN 'NL' THEN 'nl' WHEN 'PL' THEN 'pl' ELSE 'en' END END,
      CASE
        WHEN a.fraud_kind = 'bot' THEN 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'
        WHEN b.os = 'android' AND c.browser = 'chrome' THEN 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
        WHEN b.os = 'android' THEN 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36'
        WHEN b.os = 'ios' AND c.browser = 'chrome' THEN 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1'
        WHEN b.os = 'ios' AND a.device = 'tablet' THEN 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
        WHEN b.os = 'ios' THEN 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
        WHEN b.os = 'windows' AND c.browser = 'edge' THEN 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'
        WHEN b.os = 'windows' AND c.browser = 'firefox' THEN 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
        WHEN b.os = 'windows' THEN 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
        WHEN b.os = 'macos' AND c.browser = 'safari' THEN 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
        WHEN b.os = 'macos' THEN 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
        WHEN c.browser = 'firefox' THEN 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
        ELSE 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
      END,
      CASE WHEN r.u14 < 0.3 THEN NULL ELSE referrers[1 + floor(r.u15 * cardinality(referrers))::int] END,
      c.source,
      CASE WHEN r.u16 < 0.35 THEN jsonb_build_object('sub1', c.source || '-' || (1 + floor(r.u17 * 5))::int) END,
      CASE WHEN c.deep IS NOT NULL THEN deep_links[c.deep] END,
      CASE WHEN c.deep IS NOT NULL THEN deep_urls[c.deep] END,
      false,
      CASE
        WHEN c.reason IS NULL AND c.deep IS NOT NULL THEN deep_urls[c.deep]
        WHEN c.reason IS NULL THEN replace(replace(destination, '{click_id}', e.click_id::text), '{source}', c.source)
        ELSE fallback
      END,
      CASE a.fraud_kind WHEN 'data_center' THEN 'mark' WHEN 'blacklist' THEN 'block' WHEN 'bot' THEN 'block' END,
      CASE a.fraud_kind WHEN 'data_center' THEN :dc::jsonb WHEN 'blacklist' THEN :bl::jsonb WHEN 'bot' THEN :bot::jsonb END
    FROM draws,
    LATERAL (
      SELECT ${u(1)} AS u1, ${u(2)} AS u2, ${u(3)} AS u3, ${u(4)} AS u4, ${u(5)} AS u5, ${u(6)} AS u6,
             ${u(7)} AS u7, ${u(8)} AS u8, ${u(9)} AS u9, ${u(10)} AS u10, ${u(11)} AS u11, ${u(12)} AS u12,
             ${u(13)} AS u13, ${u(14)} AS u14, ${u(15)} AS u15, ${u(16)} AS u16, ${u(17)} AS u17,
             decode(md5(k::text || :seed::text), 'hex') AS bytes
      OFFSET 0
    ) AS r,
    LATERAL (
      SELECT
        ((local_day::timestamp
          + (:hours::int[])[1 + floor(r.u1 * 100)::int] * interval '1 hour'
          + floor(r.u2 * 3600000) * interval '1 millisecond') AT TIME ZONE :timezone) AS at,
        CASE WHEN r.u3 < 0.96 THEN home
             ELSE (ARRAY['US', 'AR', 'CO', 'FR', 'IT', 'NL', 'PL', 'IN'])[1 + floor(r.u4 * 8)::int] END AS country,
        CASE WHEN r.u5 < 0.63 THEN 'mobile' WHEN r.u5 < 0.69 THEN 'tablet' ELSE 'desktop' END AS device,
        CASE WHEN r.u8 < bad_share THEN 'blacklist'
             WHEN r.u8 < bad_share + 0.0015 AND :bot::jsonb <> 'null'::jsonb THEN 'bot'
             WHEN r.u8 < bad_share + 0.0015 + dc_share THEN 'data_center' END AS fraud_kind
      OFFSET 0
    ) AS a,
    LATERAL (
      SELECT
        CASE a.device
          WHEN 'mobile' THEN CASE WHEN r.u6 < 0.72 THEN 'android' ELSE 'ios' END
          WHEN 'tablet' THEN CASE WHEN r.u6 < 0.6 THEN 'ios' ELSE 'android' END
          ELSE CASE WHEN r.u6 < 0.74 THEN 'windows' WHEN r.u6 < 0.94 THEN 'macos' ELSE 'linux' END
        END AS os,
        (extract(epoch FROM a.at) * 1000)::bigint AS ms
      OFFSET 0
    ) AS b,
    LATERAL (
      SELECT
        CASE WHEN a.fraud_kind = 'bot' THEN NULL
             WHEN b.os = 'android' THEN CASE WHEN r.u7 < 0.8 THEN 'chrome' ELSE 'samsung internet' END
             WHEN b.os = 'ios' THEN CASE WHEN r.u7 < 0.85 THEN 'mobile safari' ELSE 'chrome' END
             WHEN b.os = 'windows' THEN CASE WHEN r.u7 < 0.7 THEN 'chrome' WHEN r.u7 < 0.92 THEN 'edge' ELSE 'firefox' END
             WHEN b.os = 'macos' THEN CASE WHEN r.u7 < 0.55 THEN 'safari' ELSE 'chrome' END
             ELSE CASE WHEN r.u7 < 0.55 THEN 'firefox' ELSE 'chrome' END
        END AS browser,
        CASE
          WHEN forced_reason IS NOT NULL THEN forced_reason
          WHEN stop_day >= 0 AND d < stop_day THEN stop_reason
          WHEN cardinality(targets) > 0 AND NOT a.country = ANY (targets) THEN 'targeting'
          WHEN a.fraud_kind IN ('blacklist', 'bot') THEN 'fraud_block'
        END AS reason,
        CASE WHEN a.fraud_kind IS NULL AND cardinality(deep_links) > 0 AND r.u10 < 0.12
             THEN 1 + floor(r.u11 * cardinality(deep_links))::int END AS deep,
        sources[1 + floor(r.u12 * cardinality(sources))::int] AS source
      OFFSET 0
    ) AS c,
    LATERAL (
      SELECT (lpad(to_hex(b.ms), 12, '0') || '7' || substr(encode(r.bytes, 'hex'), 1, 3)
              || substr('89ab', 1 + (get_byte(r.bytes, 2) & 3), 1) || substr(encode(r.bytes, 'hex'), 6, 15))::uuid AS click_id
      OFFSET 0
    ) AS e
    WHERE a.at <= :now::timestamptz
    `,
    bindings
  )

  // Daily click caps: past the cap, a local day's clicks were turned away.
  for (const campaign of campaigns.filter((entry) => entry.dailyClickCap !== null)) {
    await trx.rawQuery(
      `UPDATE tracking_clicks AS c
          SET outcome = CASE WHEN :fallback::text = '' THEN 'rejected' ELSE 'fallback' END,
              reason = 'cap_reached', destination = nullif(:fallback::text, ''), deep_link_id = NULL, deep_link_url = NULL
         FROM (SELECT click_id, created_at,
                      row_number() OVER (PARTITION BY (created_at AT TIME ZONE :timezone)::date ORDER BY created_at, click_id) AS rank
                 FROM tracking_clicks
                WHERE organization_id = :org AND campaign_id = :campaign AND outcome = 'redirect') AS ranked
        WHERE c.click_id = ranked.click_id AND c.created_at = ranked.created_at AND ranked.rank > :cap`,
      {
        fallback: campaign.fallbackUrl ?? '',
        timezone,
        org: organizationId,
        campaign: campaign.id,
        cap: campaign.dailyClickCap!,
      }
    )
  }
  // Millions of new rows: give the planner their statistics now rather than at autovacuum's leisure.
  if (size === 'large') await trx.rawQuery('ANALYZE tracking_clicks')
}
