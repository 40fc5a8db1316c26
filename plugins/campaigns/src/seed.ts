/*
 * Demo campaigns (manifest `seed`), on the brands and affiliates seeded before (read through
 * their contracts, on the seed's transaction). One campaign per payout model and the states a
 * network has after a few months:
 * - CPA with goal FTD and QFTD, CPA on registrations, CPC, CPS (Rev Share) with range tiers,
 *   hybrid (CPA + Rev Share) with range rules, cumulative deposit;
 * - caps (combined and per affiliate, each action), targeting rule blocks, groups (primary
 *   and others), payout overrides per affiliate and per group, private campaigns with access
 *   requests (approved, pending, rejected), blocked affiliates, notes and a timeline;
 * - active, paused, disabled (expired) and suspended campaigns, one expiring soon.
 * `normal`: the 12 campaigns below; `large`: 200 (the same shapes again, per brand and market).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoRandom, SeedContext } from '@affix/core/kernel'
import { listBrands } from '@affix/brands/contracts'
import { listAffiliateGroups, listAffiliates } from '@affix/affiliates/contracts'

const LARGE_CAMPAIGNS = 200

interface Plan {
  model: 'cpa' | 'cpc' | 'cps' | 'hybrid' | 'cumulative_deposit'
  goal?: 'ftd' | 'leads' | 'ngr' | 'c_deposit' | 'd'
  cpaPayout?: string
  cpaCdP?: string
  cpaRegP?: string
  cpsNgrP?: string
  cumulativeDeposit?: string
  numberOfDays?: number
  qftd?: { minDeposit: string; days: number }
  defaultPayout?: string
  rules?: Array<{ variable: string; operator: string; value: string; numberOfDays?: number; isPercentage?: boolean }>
  ranges?: Array<{ from: string; payout: string }>
}

interface Template {
  title: string
  brand: 0 | 1
  status: 'active' | 'paused' | 'disabled' | 'suspended'
  visibility: 'public' | 'private'
  currency: string
  countries: string[]
  variable: 'ftd' | 'leads' | 'ngr' | 'c_deposit' | 'd'
  path: string
  daysAgo: number
  plan: Plan
  featured?: boolean
  fallback?: boolean
  attributionDays?: number
  expiresInDays?: number
  /** Days ago the status last changed (paused, disabled, suspended). */
  statusDaysAgo?: number
  accessByRequest?: boolean
  questions?: Array<{ question: string; required: boolean }>
  caps?: Array<{
    variable: string
    type: 'combined' | 'each_affiliate'
    visibility: 'public' | 'private'
    action: 'reject_activity' | 'pause_campaign' | 'disable_campaign'
    limits: Partial<Record<'hourly' | 'daily' | 'fifteen_days' | 'monthly' | 'lifetime', number>>
  }>
  blocks?: Array<{
    name: string
    logic: 'and' | 'or'
    conditions: Array<{ field: string; operator: 'in' | 'not_in'; values: string[] }>
  }>
  /** Group names, the first primary. */
  groups?: string[]
  description?: string
}

/** The demo's campaigns; the first three keep the titles the docs and tests know. */
const TEMPLATES: Template[] = [
  {
    title: 'Welcome Bonus CPA',
    brand: 0,
    status: 'active',
    visibility: 'public',
    currency: 'USD',
    countries: ['BR', 'PT'],
    variable: 'ftd',
    path: '/welcome?click={click_id}',
    daysAgo: 117,
    featured: true,
    fallback: true,
    description: 'R$150 CPA per qualified first deposit. Brazil and Portugal only.',
    plan: {
      model: 'cpa',
      goal: 'ftd',
      cpaPayout: '150.00',
      qftd: { minDeposit: '20.00', days: 30 },
      defaultPayout: '120.00',
      rules: [{ variable: 'ftd', operator: 'gte', value: '100.00', numberOfDays: 7, isPercentage: false }],
    },
    caps: [
      {
        variable: 'ftd',
        type: 'each_affiliate',
        visibility: 'public',
        action: 'reject_activity',
        limits: { daily: 40 },
      },
      {
        variable: 'ftd',
        type: 'combined',
        visibility: 'private',
        action: 'pause_campaign',
        limits: { monthly: 900, lifetime: 5000 },
      },
    ],
    blocks: [
      {
        name: 'Brazil and Portugal',
        logic: 'and',
        conditions: [{ field: 'country', operator: 'in', values: ['BR', 'PT'] }],
      },
    ],
    groups: ['SEO & content', 'Paid traffic'],
  },
  {
    title: 'VIP Rev Share',
    brand: 1,
    status: 'active',
    visibility: 'private',
    currency: 'EUR',
    countries: [],
    variable: 'ngr',
    path: '/vip?click={click_id}',
    daysAgo: 112,
    questions: [
      { question: 'Where will you promote this campaign?', required: true },
      { question: 'Expected monthly FTDs', required: false },
    ],
    description: 'Rev Share on net gaming revenue, tiered by monthly NGR. On request.',
    plan: {
      model: 'cps',
      goal: 'ngr',
      cpsNgrP: '30.00',
      ranges: [
        { from: '0.00', payout: '25.00' },
        { from: '5000.00', payout: '30.00' },
        { from: '20000.00', payout: '35.00' },
      ],
    },
    groups: ['VIP partners'],
  },
  {
    title: 'Sports Hybrid',
    brand: 0,
    status: 'paused',
    visibility: 'public',
    currency: 'BRL',
    countries: ['BR'],
    variable: 'd',
    path: '/sports?click={click_id}&src={source}',
    daysAgo: 95,
    attributionDays: 60,
    statusDaysAgo: 12,
    description: 'CPA plus Rev Share on the sportsbook; paused while the brand renews its licence.',
    plan: {
      model: 'hybrid',
      goal: 'ftd',
      cpaPayout: '60.00',
      cpsNgrP: '20.00',
      ranges: [
        { from: '0.00', payout: '60.00' },
        { from: '10.00', payout: '75.00' },
        { from: '25.00', payout: '90.00' },
      ],
    },
  },
  {
    title: 'Slots CPC Traffic',
    brand: 0,
    status: 'active',
    visibility: 'public',
    currency: 'BRL',
    countries: ['BR'],
    variable: 'ftd',
    path: '/slots?click={click_id}&src={source}',
    daysAgo: 88,
    fallback: true,
    description: 'R$0.35 per click on the slots lobby, up to 150 clicks a day.',
    plan: { model: 'cpc', cpaPayout: '0.35' },
    caps: [
      { variable: 'clicks', type: 'combined', visibility: 'public', action: 'reject_activity', limits: { daily: 150 } },
    ],
    groups: ['Paid traffic'],
  },
  {
    title: 'High Roller Cumulative Deposit',
    brand: 1,
    status: 'active',
    visibility: 'public',
    currency: 'EUR',
    countries: ['DE', 'GB', 'ES'],
    variable: 'c_deposit',
    path: '/highroller?click={click_id}',
    daysAgo: 73,
    description: '€250 when a player deposits €1,000 in total within 30 days.',
    plan: { model: 'cumulative_deposit', cpaCdP: '250.00', cumulativeDeposit: '1000.00', numberOfDays: 30 },
    caps: [
      {
        variable: 'c_deposit',
        type: 'each_affiliate',
        visibility: 'private',
        action: 'reject_activity',
        limits: { monthly: 60 },
      },
    ],
  },
  {
    title: 'Live Casino QFTD',
    brand: 0,
    status: 'active',
    visibility: 'public',
    currency: 'USD',
    countries: ['BR', 'MX', 'PT'],
    variable: 'ftd',
    path: '/live?click={click_id}',
    daysAgo: 61,
    featured: true,
    description: '$200 per qualified first deposit (at least $50, within 7 days of registration).',
    plan: { model: 'cpa', goal: 'ftd', cpaPayout: '200.00', qftd: { minDeposit: '50.00', days: 7 } },
    blocks: [
      {
        name: 'Mobile Latin America',
        logic: 'and',
        conditions: [
          { field: 'country', operator: 'in', values: ['BR', 'MX', 'PT'] },
          { field: 'device', operator: 'in', values: ['mobile', 'tablet'] },
        ],
      },
    ],
  },
  {
    title: 'Registration CPL Turkey',
    brand: 1,
    status: 'active',
    visibility: 'public',
    currency: 'TRY',
    countries: ['TR'],
    variable: 'leads',
    path: '/tr/kayit?click={click_id}',
    daysAgo: 57,
    description: 'Paid per verified registration, Turkey only.',
    plan: { model: 'cpa', goal: 'leads', cpaPayout: '45.00', cpaRegP: '45.00' },
    caps: [
      {
        variable: 'leads',
        type: 'combined',
        visibility: 'public',
        action: 'disable_campaign',
        limits: { daily: 300, monthly: 6000 },
      },
    ],
    blocks: [
      {
        name: 'Turkey, no desktop Linux',
        logic: 'and',
        conditions: [
          { field: 'country', operator: 'in', values: ['TR'] },
          { field: 'os', operator: 'not_in', values: ['linux'] },
        ],
      },
    ],
  },
  {
    title: 'Streamers Exclusive',
    brand: 0,
    status: 'active',
    visibility: 'private',
    currency: 'BRL',
    countries: [],
    variable: 'ngr',
    path: '/stream?click={click_id}&src={source}',
    daysAgo: 49,
    accessByRequest: false,
    description: 'Rev Share for streamers, on invitation only.',
    plan: { model: 'cps', goal: 'ngr', cpsNgrP: '45.00' },
    groups: ['Streamers'],
  },
  {
    title: 'Champions League Boost',
    brand: 1,
    status: 'active',
    visibility: 'public',
    currency: 'EUR',
    countries: ['GB', 'DE', 'ES', 'PT'],
    variable: 'ftd',
    path: '/sports/ucl?click={click_id}',
    daysAgo: 38,
    expiresInDays: 18,
    description: 'Hybrid deal for the knockout stage; ends with the final.',
    plan: { model: 'hybrid', goal: 'ftd', cpaPayout: '40.00', cpsNgrP: '15.00' },
    groups: ['Tipsters', 'SEO & content'],
  },
  {
    title: 'Summer Slots Promo',
    brand: 0,
    status: 'disabled',
    visibility: 'public',
    currency: 'BRL',
    countries: ['BR'],
    variable: 'ftd',
    path: '/summer?click={click_id}',
    daysAgo: 100,
    expiresInDays: -9,
    statusDaysAgo: 9,
    description: 'Seasonal offer, expired.',
    plan: { model: 'cpa', goal: 'ftd', cpaPayout: '100.00' },
  },
  {
    title: 'Mexico Launch',
    brand: 1,
    status: 'suspended',
    visibility: 'public',
    currency: 'MXN',
    countries: ['MX'],
    variable: 'ftd',
    path: '/mx?click={click_id}',
    daysAgo: 33,
    statusDaysAgo: 20,
    description: 'Suspended until the Mexican licence is confirmed.',
    plan: { model: 'cpc', cpaPayout: '2.50' },
  },
  {
    title: 'Evergreen Rev Share',
    brand: 0,
    status: 'active',
    visibility: 'public',
    currency: 'USD',
    countries: [],
    variable: 'ngr',
    path: '/?click={click_id}',
    daysAgo: 121,
    fallback: true,
    description: 'The house Rev Share: 30% of NGR, worldwide.',
    plan: {
      model: 'cps',
      goal: 'ngr',
      cpsNgrP: '30.00',
      rules: [{ variable: 'ngr', operator: 'gt', value: '10000.00', numberOfDays: 30, isPercentage: true }],
    },
  },
]

const MARKETS = ['BR', 'PT', 'TR', 'GB', 'ES', 'MX', 'DE']
const CURRENCY: Record<string, string> = { BR: 'BRL', PT: 'EUR', TR: 'TRY', GB: 'GBP', ES: 'EUR', MX: 'MXN', DE: 'EUR' }

/** Large: the shapes of the templates again, per brand and market. */
function variant(random: DemoRandom, index: number): Template {
  const base = TEMPLATES[index % TEMPLATES.length]
  const country = random.pick(MARKETS)
  const status = random.weighted(['active', 'paused', 'disabled', 'suspended'] as const, [80, 10, 7, 3])
  return {
    ...base,
    title: `${base.title} ${country} #${index + 1}`,
    brand: random.chance(0.5) ? 0 : 1,
    status,
    statusDaysAgo: status === 'active' ? undefined : random.int(1, 40),
    countries: random.chance(0.2) ? [] : [country],
    currency: CURRENCY[country],
    daysAgo: random.int(5, 120),
    featured: random.chance(0.05),
    expiresInDays: status === 'disabled' ? -random.int(1, 30) : random.chance(0.1) ? random.int(5, 60) : undefined,
    blocks: base.blocks?.map((block) => ({
      ...block,
      conditions: block.conditions.map((condition) =>
        condition.field === 'country' ? { ...condition, values: [country] } : condition
      ),
    })),
  }
}

const money = (value: string | undefined) => value ?? null

function planRow(plan: Plan, countries: string[]) {
  return {
    model: plan.model,
    goal: plan.goal ?? null,
    cpa_payout: money(plan.cpaPayout),
    cpa_cd_p: money(plan.cpaCdP),
    cpa_ftd_p: null,
    cpa_reg_p: money(plan.cpaRegP),
    cpa_d_p: null,
    cps_ftd_p: null,
    cps_ngr_p: money(plan.cpsNgrP),
    cps_d_p: null,
    cumulative_deposit: money(plan.cumulativeDeposit),
    number_of_days: plan.numberOfDays ?? null,
    qftd_min_deposit: money(plan.qftd?.minDeposit),
    qftd_days: plan.qftd?.days ?? null,
    default_payout: money(plan.defaultPayout),
    coverage_countries: JSON.stringify(countries),
    rules: JSON.stringify(
      (plan.rules ?? []).map((rule) => ({
        variable: rule.variable,
        operator: rule.operator,
        value: rule.value,
        numberOfDays: rule.numberOfDays ?? null,
        cumulativeDeposit: null,
        isPercentage: Boolean(rule.isPercentage),
      }))
    ),
    range_rules_enabled: Boolean(plan.ranges?.length),
    range_rules: JSON.stringify(plan.ranges ?? []),
  }
}

async function insertChunks(trx: TransactionClientContract, table: string, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += 500)
    await trx
      .insertQuery()
      .table(table)
      .multiInsert(rows.slice(start, start + 500))
}

const NOTES = [
  'Brand asked to stop traffic from Telegram groups on this offer.',
  'Landing page A/B test running until the end of the month.',
  'Renegotiated: +10% for the top five affiliates from next month.',
  'Check the fallback URL after the brand moves its lobby.',
]

export async function seedCampaigns({ organizationId, trx, random, size, dayAt, team }: SeedContext) {
  const brands = await listBrands(organizationId, trx)
  if (!brands.length) return
  const affiliates = await listAffiliates(organizationId, trx)
  const groups = await listAffiliateGroups(organizationId, trx)
  const active = affiliates.filter((affiliate) => affiliate.status === 'active')
  const ana = affiliates.find((affiliate) => affiliate.email === 'affiliate@demo.affix.dev')
  const john = affiliates.find((affiliate) => affiliate.email === 'john.smith@demo.affix.dev')
  const generated = active.filter((affiliate) => !affiliate.email.endsWith('@demo.affix.dev'))
  const groupId = (name: string) => groups.find((group) => group.name === name)?.id

  const templates = [...TEMPLATES]
  if (size === 'large')
    for (let index = TEMPLATES.length; index < LARGE_CAMPAIGNS; index++) templates.push(variant(random, index))

  const rows = templates.map((template) => {
    const brand = brands[Math.min(template.brand, brands.length - 1)]
    const website = brand.website ?? 'https://brand.example'
    const created = dayAt(template.daysAgo, '11:00')
    const expires = template.expiresInDays === undefined ? null : dayAt(-template.expiresInDays, '23:59')
    return {
      organization_id: organizationId,
      brand_id: brand.id,
      title: template.title,
      status: template.status,
      visibility: template.visibility,
      default_url: `${website}${template.path}`,
      fallback_url: template.fallback ? website : null,
      description: template.description ?? null,
      commission_variable: template.variable,
      currency: template.currency,
      coverage_countries: JSON.stringify(template.countries),
      product_ids: JSON.stringify(brand.productIds.slice(0, template.plan.model === 'cpc' ? 1 : undefined)),
      featured: Boolean(template.featured),
      attribution_window_days: template.attributionDays ?? 30,
      expires_at: expires,
      access_questions: JSON.stringify(template.questions ?? []),
      access_by_request: template.accessByRequest ?? true,
      created_at: created,
      updated_at: template.statusDaysAgo === undefined ? created : dayAt(template.statusDaysAgo, '15:20'),
    }
  })
  // Inserted oldest first, so ids grow with creation dates as they would; ids[i] is templates[i]'s.
  const order = templates.map((_, index) => index).sort((a, b) => templates[b].daysAgo - templates[a].daysAgo || a - b)
  const ids = new Array<number>(templates.length)
  for (let start = 0; start < order.length; start += 500) {
    const chunk = order.slice(start, start + 500)
    // tenancy: every row carries the seeded organisation (built above)
    const inserted = await trx
      .insertQuery()
      .table('campaigns')
      .returning('id')
      .multiInsert(chunk.map((index) => rows[index]))
    chunk.forEach((index, position) => (ids[index] = Number(inserted[position].id)))
  }

  const payouts: Record<string, unknown>[] = []
  const caps: Record<string, unknown>[] = []
  const blocks: Record<string, unknown>[] = []
  const campaignGroups: Record<string, unknown>[] = []
  const timeline: Record<string, unknown>[] = []
  const notes: Record<string, unknown>[] = []
  templates.forEach((template, index) => {
    const campaignId = ids[index]
    const created = dayAt(template.daysAgo, '11:00')
    const base = { organization_id: organizationId, campaign_id: campaignId }
    payouts.push({ ...base, ...planRow(template.plan, template.countries), created_at: created, updated_at: created })
    for (const cap of template.caps ?? [])
      caps.push({
        ...base,
        variable: cap.variable,
        type: cap.type,
        visibility: cap.visibility,
        action: cap.action,
        ...cap.limits,
        created_at: created,
        updated_at: created,
      })
    for (const block of template.blocks ?? [])
      blocks.push({
        ...base,
        name: block.name,
        logic: block.logic,
        conditions: JSON.stringify(block.conditions),
        created_at: created,
        updated_at: created,
      })
    ;(template.groups ?? []).forEach((name, position) => {
      const id = groupId(name)
      if (id) campaignGroups.push({ ...base, group_id: id, is_primary: position === 0 })
    })
    timeline.push({
      ...base,
      actor_id: team.adminId || null,
      event: 'created',
      data: JSON.stringify({ status: 'active' }),
      created_at: created,
    })
    if (template.status !== 'active')
      timeline.push({
        ...base,
        actor_id: template.status === 'disabled' ? null : team.adminId || null,
        event: template.status === 'disabled' ? 'expired' : 'status_changed',
        data: JSON.stringify({ from: 'active', to: template.status }),
        created_at: dayAt(template.statusDaysAgo ?? 1, '15:20'),
      })
    if (index < TEMPLATES.length && random.chance(0.5))
      notes.push({
        ...base,
        author_id: team.adminId || null,
        body: random.pick(NOTES),
        created_at: dayAt(random.int(1, template.daysAgo), '17:05'),
      })
  })
  await insertChunks(trx, 'campaign_payouts', payouts)
  await insertChunks(trx, 'campaign_caps', caps)
  await insertChunks(trx, 'campaign_rule_blocks', blocks)
  await insertChunks(trx, 'campaign_groups', campaignGroups)
  await insertChunks(trx, 'campaign_notes', notes)

  // Overrides: Ana's negotiated CPA on the welcome offer, the VIP group's higher Rev Share.
  const overrides: Record<string, unknown>[] = []
  if (ana)
    overrides.push({ organization_id: organizationId, campaign_id: ids[0], affiliate_id: ana.id, cpa_payout: '175.00' })
  const vipGroup = groupId('VIP partners')
  if (vipGroup)
    overrides.push({ organization_id: organizationId, campaign_id: ids[1], group_id: vipGroup, cps_ngr_p: '40.00' })
  for (const affiliate of random.sample(generated, size === 'large' ? 150 : 4))
    overrides.push({
      organization_id: organizationId,
      campaign_id: ids[0],
      affiliate_id: affiliate.id,
      cpa_payout: `${random.int(155, 190)}.00`,
    })
  await insertChunks(trx, 'campaign_payout_overrides', overrides)
  // Each seeded plan is version 1, kept as saved with its overrides (what commission rows name).
  await trx.rawQuery(
    `INSERT INTO campaign_payout_versions (organization_id, campaign_id, version, plan, created_at)
     SELECT p.organization_id, p.campaign_id, 1,
            to_jsonb(p) || jsonb_build_object('overrides',
              COALESCE((SELECT jsonb_agg(to_jsonb(o) ORDER BY o.id) FROM campaign_payout_overrides o
                         WHERE o.campaign_id = p.campaign_id), '[]'::jsonb)),
            p.updated_at
       FROM campaign_payouts p WHERE p.organization_id = ?`,
    [organizationId]
  )

  // Private campaigns: approved partners, a few waiting, one turned down.
  const access: Record<string, unknown>[] = []
  const decided = (daysAgo: number) => ({ decided_by: team.adminId || null, decided_at: dayAt(daysAgo, '10:30') })
  templates.forEach((template, index) => {
    if (template.visibility !== 'private') return
    const members = template.groups?.length
      ? (groups.find((group) => group.name === template.groups![0])?.memberIds ?? [])
      : []
    const liveMembers = generated.filter((affiliate) => members.includes(affiliate.id))
    const others = generated.filter((affiliate) => !members.includes(affiliate.id))
    const answers = (template.questions ?? []).map((question) => ({
      question: question.question,
      answer: question.required ? 'My review site and newsletter' : '20',
    }))
    const row = (affiliateId: number, status: string, daysAgo: number, extra = {}) => ({
      organization_id: organizationId,
      campaign_id: ids[index],
      affiliate_id: affiliateId,
      status,
      answers: JSON.stringify(answers),
      decided_by: null,
      decided_at: null,
      created_at: dayAt(daysAgo, '09:45'),
      updated_at: dayAt(daysAgo, '09:45'),
      ...extra,
    })
    for (const affiliate of liveMembers.slice(0, size === 'large' ? 100 : 8))
      access.push(row(affiliate.id, 'approved', Math.min(template.daysAgo, 60), decided(random.int(1, 40))))
    const [waiting1, waiting2, refused] = random.sample(others, 3)
    if (template.accessByRequest !== false) {
      for (const waiting of [waiting1, waiting2].filter(Boolean))
        access.push(row(waiting.id, 'pending', random.int(0, 4)))
      if (refused) access.push(row(refused.id, 'rejected', 25, decided(22)))
    }
  })
  await insertChunks(trx, 'campaign_access', access)

  // John Smith (disabled) is blocked from the welcome offer; a partner with bad traffic from the live casino.
  const blocked = [
    ...(john ? [{ campaign_id: ids[0], affiliate_id: john.id, created_at: dayAt(95, '13:00') }] : []),
    ...random
      .sample(generated, 1)
      .map((affiliate) => ({ campaign_id: ids[5], affiliate_id: affiliate.id, created_at: dayAt(21, '13:00') })),
  ]
  await insertChunks(
    trx,
    'campaign_blocked_affiliates',
    blocked.map((row) => ({ organization_id: organizationId, ...row }))
  )
  await insertChunks(trx, 'campaign_timeline', timeline)
}
