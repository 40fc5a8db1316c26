/*
 * Demo affiliates (manifest `seed`): the five hand-written profiles the docs and tests name
 * (the demo affiliate login among them), then a network grown over four months — affiliates
 * from the markets the brands serve, most active, some pending, disabled or rejected, in
 * groups (primary and other), with an affiliate manager (the team's AFMs, assignment
 * included), referral chains up to three levels, payment details and notes.
 * `normal`: 60 affiliates; `large`: 2,000.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { addPanels, assignAffiliatesToMember, type DemoRandom, type SeedContext } from '@affix/core/kernel'

export const DEMO_AFFILIATE_EMAIL = 'affiliate@demo.affix.dev'

const SIZES = { normal: 60, large: 2000 }

interface DemoAffiliate {
  email: string
  name: string
  status: 'pending' | 'active' | 'disabled' | 'rejected'
  phone: string | null
  country: string
  city: string
  daysAgo: number
  profile: Record<string, unknown>
}

const NAMED: DemoAffiliate[] = [
  {
    email: DEMO_AFFILIATE_EMAIL,
    name: 'Ana Souza',
    status: 'active',
    phone: '+55 11 98888-7777',
    country: 'BR',
    city: 'São Paulo',
    daysAgo: 118,
    profile: {
      company_name: 'Souza Media Ltda',
      currency: 'BRL',
      fee_percent: '10.00',
      tags: ['vip', 'seo'],
      external_id: 'AFF-001',
    },
  },
  {
    email: 'lucas.pereira@demo.affix.dev',
    name: 'Lucas Pereira',
    status: 'active',
    phone: '+55 21 97777-6666',
    country: 'BR',
    city: 'Rio de Janeiro',
    daysAgo: 104,
    profile: { currency: 'BRL', tags: ['social'], external_id: 'AFF-002' },
  },
  {
    email: 'mehmet.yilmaz@demo.affix.dev',
    name: 'Mehmet Yılmaz',
    status: 'pending',
    phone: '+90 212 555 0101',
    country: 'TR',
    city: 'İstanbul',
    daysAgo: 3,
    profile: { currency: 'TRY', tags: ['ppc'] },
  },
  {
    email: 'john.smith@demo.affix.dev',
    name: 'John Smith',
    status: 'disabled',
    phone: '+44 20 7946 0958',
    country: 'GB',
    city: 'London',
    daysAgo: 96,
    profile: { currency: 'GBP', negative_carryover: true },
  },
  {
    email: 'maria.garcia@demo.affix.dev',
    name: 'Maria Garcia',
    status: 'rejected',
    phone: null,
    country: 'ES',
    city: 'Madrid',
    daysAgo: 41,
    profile: { currency: 'EUR' },
  },
]

/** Markets, with how much of the network comes from each, names and places. */
const MARKETS = [
  {
    country: 'BR',
    weight: 40,
    currency: 'BRL',
    phone: '+55 11 9',
    first: ['Gabriel', 'Juliana', 'Rafael', 'Beatriz', 'Thiago', 'Camila', 'Bruno', 'Larissa', 'Felipe', 'Mariana'],
    last: ['Oliveira', 'Santos', 'Lima', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes', 'Martins', 'Rocha'],
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Recife', 'Salvador'],
  },
  {
    country: 'PT',
    weight: 10,
    currency: 'EUR',
    phone: '+351 91',
    first: ['João', 'Inês', 'Tiago', 'Rita', 'Diogo', 'Sofia', 'Miguel', 'Carolina'],
    last: ['Silva', 'Costa', 'Sousa', 'Marques', 'Pinto', 'Teixeira', 'Moreira'],
    cities: ['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro'],
  },
  {
    country: 'TR',
    weight: 15,
    currency: 'TRY',
    phone: '+90 532',
    first: ['Ahmet', 'Elif', 'Burak', 'Zeynep', 'Can', 'Ayşe', 'Emre', 'Selin', 'Mert', 'Deniz'],
    last: ['Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Arslan'],
    cities: ['İstanbul', 'Ankara', 'İzmir', 'Antalya', 'Bursa'],
  },
  {
    country: 'GB',
    weight: 10,
    currency: 'GBP',
    phone: '+44 7700',
    first: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Emily', 'Jack', 'Grace'],
    last: ['Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker'],
    cities: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow'],
  },
  {
    country: 'ES',
    weight: 8,
    currency: 'EUR',
    phone: '+34 612',
    first: ['Pablo', 'Lucía', 'Javier', 'Paula', 'Daniel', 'Marta', 'Álvaro'],
    last: ['López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz'],
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga'],
  },
  {
    country: 'MX',
    weight: 8,
    currency: 'MXN',
    phone: '+52 55',
    first: ['Diego', 'Valeria', 'Santiago', 'Ximena', 'Mateo', 'Regina'],
    last: ['Hernández', 'García', 'Ramírez', 'Flores', 'Torres', 'Vargas'],
    cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla'],
  },
  {
    country: 'DE',
    weight: 9,
    currency: 'EUR',
    phone: '+49 151',
    first: ['Lukas', 'Anna', 'Felix', 'Lea', 'Jonas', 'Marie', 'Leon'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker'],
    cities: ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt'],
  },
] as const

const TAGS = ['seo', 'social', 'ppc', 'email', 'streamer', 'vip', 'app', 'comparison', 'tipster']
const COMPANY_SUFFIX = ['Media', 'Digital', 'Partners', 'Marketing', 'Bets', 'Gaming', 'Traffic', 'Reviews']

/** The demo groups: name, description, who belongs (by tag), parent. */
const GROUPS = [
  { name: 'SEO & content', description: 'Review sites, blogs and comparison pages', tags: ['seo', 'comparison'] },
  { name: 'Streamers', description: 'Live streamers and video creators', tags: ['streamer', 'social'] },
  { name: 'Paid traffic', description: 'PPC, native and e-mail buyers', tags: ['ppc', 'email', 'app'] },
  { name: 'VIP partners', description: 'Top earners on negotiated terms', tags: ['vip'] },
  { name: 'Tipsters', description: 'Sports tipsters (a part of the content group)', tags: ['tipster'], parent: 0 },
] as const

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')

/** A valid CPF (two mod-11 check digits) drawn from the generator. */
function cpf(random: DemoRandom) {
  const digits = Array.from({ length: 9 }, () => random.int(0, 9))
  if (digits.every((digit) => digit === digits[0])) digits[8] = (digits[0] + 1) % 10
  for (const length of [9, 10]) {
    const sum = digits.reduce((total, digit, index) => total + digit * (length + 1 - index), 0)
    const rest = (sum * 10) % 11
    digits.push(rest === 10 ? 0 : rest)
  }
  return digits.join('')
}

function generated(random: DemoRandom, index: number): DemoAffiliate & { tags: string[] } {
  const market = random.weighted(
    MARKETS,
    MARKETS.map((entry) => entry.weight)
  )
  const first = random.pick(market.first)
  const last = random.pick(market.last)
  const name = `${first} ${last}`
  // Older affiliates first: the network grew over four months, faster lately.
  const daysAgo = Math.max(1, Math.round(125 * (1 - Math.sqrt(random.next()))))
  const status =
    daysAgo <= 6 && random.chance(0.7)
      ? 'pending'
      : random.weighted(['active', 'disabled', 'rejected', 'pending'] as const, [86, 5, 4, 5])
  const tags = random.sample(TAGS, random.weighted([1, 2, 3], [50, 35, 15]))
  const company = random.chance(0.65) ? `${last} ${random.pick(COMPANY_SUFFIX)}` : null
  return {
    email: `${slug(first)}.${slug(last)}.${index}@partners.demo.affix.dev`,
    name,
    status,
    phone: random.chance(0.8) ? `${market.phone} ${random.int(1000, 9999)}-${random.int(1000, 9999)}` : null,
    country: market.country,
    city: random.pick(market.cities),
    daysAgo,
    tags,
    profile: {
      company_name: company,
      currency: market.currency,
      tags,
      external_id: `AFF-${String(index + 1).padStart(4, '0')}`,
      fee_percent: random.chance(0.15) ? `${random.int(2, 12)}.00` : null,
      negative_carryover: random.chance(0.1),
      email_notification: random.chance(0.9),
    },
  }
}

function paymentDetails(random: DemoRandom, affiliate: DemoAffiliate, id: number) {
  const holder = String(affiliate.profile.company_name ?? affiliate.name)
  const method =
    affiliate.country === 'BR'
      ? random.weighted(['cpf', 'bank', 'crypto'] as const, [70, 20, 10])
      : random.weighted(['bank', 'paypal', 'crypto'] as const, [55, 30, 15])
  const row: Record<string, unknown> = { user_id: id, default_method: method }
  if (method === 'cpf') row.cpf = cpf(random)
  if (method === 'bank') {
    row.bank_name = random.pick(['Banco do Brasil', 'Itaú', 'Santander', 'Deutsche Bank', 'Barclays', 'Ziraat'])
    row.account_holder_name = holder
    row.account_number = `${affiliate.country}${random.int(10, 99)}${String(random.int(0, 99_999_999)).padStart(8, '0')}${String(random.int(0, 99_999_999)).padStart(8, '0')}`
    row.swift_code = random.pick(['BRASBRRJ', 'ITAUBRSP', 'BSCHESMM', 'DEUTDEFF', 'BARCGB22', 'TCZBTR2A'])
  }
  if (method === 'paypal') row.paypal_email = affiliate.email.replace('@', '.payouts@')
  if (method === 'crypto') {
    row.crypto_network = random.pick(['USDT (TRC20)', 'USDC (ERC20)', 'BTC'])
    row.crypto_address = `T${Array.from({ length: 33 }, () => random.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789'])).join('')}`
  }
  return row
}

const NOTES = [
  'Asked for a higher CPA on the welcome offer; review after 30 FTDs.',
  'Traffic quality checked: low chargebacks, keep on the VIP list.',
  'Promotes mainly on YouTube and Twitch; wants new 16:9 banners.',
  'Paid late last month because of missing bank details — now fixed.',
  'Prefers to be contacted on WhatsApp.',
  'Sends most traffic from mobile; good match for the app campaigns.',
]

async function insertChunks(trx: TransactionClientContract, table: string, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertQuery()
      .table(table)
      .multiInsert(rows.slice(start, start + 500))
  }
}

export async function seedAffiliates({
  organizationId,
  trx,
  random,
  size,
  dayAt,
  team,
  giveDemoPassword,
}: SeedContext) {
  const managers = team.members.filter((member) => member.role === 'afm')
  const accountManager = team.members.find((member) => member.role === 'adm')
  const all = [
    ...NAMED.map((affiliate) => ({ ...affiliate, tags: (affiliate.profile.tags as string[]) ?? [] })),
    ...Array.from({ length: SIZES[size] - NAMED.length }, (_, index) => generated(random, index)),
  ]
  // Panels in order of their creation date, so ids grow with time as they would.
  const order = all.map((_, index) => index).sort((a, b) => all[b].daysAgo - all[a].daysAgo || a - b)
  const added = await addPanels(
    trx,
    organizationId,
    order.map((index) => {
      const affiliate = all[index]
      return {
        role: 'affiliate',
        email: affiliate.email,
        name: affiliate.name,
        status: affiliate.status,
        phone: affiliate.phone,
        country: affiliate.country,
        city: affiliate.city,
        createdAt: dayAt(affiliate.daysAgo, `${String(random.int(8, 21)).padStart(2, '0')}:${random.int(10, 59)}`),
      }
    })
  )
  const ids = all.map((affiliate) => {
    const id = added.get(affiliate.email.toLowerCase())
    if (id === undefined) throw new Error(`demo affiliate ${affiliate.email} is not unique in the organisation`)
    return id
  })
  // Demo data only: the operator's own seed gives the demo affiliate the known demo password,
  // as it does the demo admin. Nothing an organisation does through the API can.
  await giveDemoPassword(ids[all.findIndex((affiliate) => affiliate.email === DEMO_AFFILIATE_EMAIL)])

  // Groups: the content group is the tipsters' parent.
  const groupIds: number[] = []
  for (const group of GROUPS) {
    const [row] = await trx
      .insertQuery()
      .table('affiliate_groups')
      .insert({
        organization_id: organizationId,
        name: group.name,
        description: group.description,
        parent_group_id: 'parent' in group ? groupIds[group.parent] : null,
        created_at: dayAt(120),
        updated_at: dayAt(120),
      })
      .returning('id')
    groupIds.push(Number(row.id ?? row))
  }

  const profiles: Record<string, unknown>[] = []
  const memberships: Record<string, unknown>[] = []
  const byManager = new Map<number, number[]>()
  all.forEach((affiliate, index) => {
    const id = ids[index]
    const named = index < NAMED.length
    const groups = GROUPS.map((group, groupIndex) =>
      group.tags.some((tag) => affiliate.tags.includes(tag)) ? groupIds[groupIndex] : null
    ).filter((groupId): groupId is number => groupId !== null)
    const live = affiliate.status !== 'rejected'
    const primary = live && groups.length && !named ? groups[0] : null
    // Lucas (the demo referral) keeps Ana as his referrer; the generated network refers among itself.
    let referredBy: number | null = index === 1 ? ids[0] : null
    if (!named && index > NAMED.length + 3 && random.chance(0.22)) {
      const earlier = all
        .map((other, otherIndex) => ({ other, otherIndex }))
        .filter(({ other, otherIndex }) => otherIndex >= NAMED.length && other.daysAgo > affiliate.daysAgo)
      if (earlier.length) referredBy = ids[random.pick(earlier).otherIndex]
    }
    const managerId =
      live && managers.length && (named ? index < 2 : random.chance(0.75))
        ? managers[['BR', 'PT', 'ES', 'MX'].includes(affiliate.country) ? 0 : managers.length - 1].id
        : null
    if (managerId) byManager.set(managerId, [...(byManager.get(managerId) ?? []), id])
    profiles.push({
      user_id: id,
      organization_id: organizationId,
      ...affiliate.profile,
      tags: JSON.stringify(affiliate.profile.tags ?? []),
      manager_id: managerId,
      group_id: primary,
      referred_by: referredBy,
      created_at: dayAt(affiliate.daysAgo),
      updated_at: dayAt(Math.max(0, affiliate.daysAgo - random.int(0, 20))),
    })
    if (live && !named) {
      for (const groupId of groups)
        memberships.push({ group_id: groupId, affiliate_id: id, organization_id: organizationId })
    }
  })
  await insertChunks(trx, 'affiliate_profiles', profiles)
  await insertChunks(trx, 'affiliate_group_members', memberships)
  for (const [managerId, affiliateIds] of byManager)
    await assignAffiliatesToMember(trx, organizationId, managerId, affiliateIds, {
      byManager: true,
      createdAt: dayAt(100),
    })
  // The account manager looks after the VIP partners, assigned on purpose.
  const vip = memberships.filter((row) => row.group_id === groupIds[3]).map((row) => Number(row.affiliate_id))
  if (accountManager && vip.length)
    await assignAffiliatesToMember(trx, organizationId, accountManager.id, vip, { createdAt: dayAt(60) })

  const payments: Record<string, unknown>[] = [
    {
      user_id: ids[0],
      default_method: 'cpf',
      cpf: '52998224725',
      paypal_email: 'ana.payments@demo.affix.dev',
    },
  ]
  all.forEach((affiliate, index) => {
    if (index >= NAMED.length && affiliate.status === 'active' && random.chance(0.7))
      payments.push(paymentDetails(random, affiliate, ids[index]))
  })
  await insertChunks(
    trx,
    'affiliate_payment_details',
    payments.map((row) => ({ organization_id: organizationId, ...row, created_at: dayAt(80), updated_at: dayAt(80) }))
  )

  const notes: Record<string, unknown>[] = [
    {
      affiliate_id: ids[0],
      author_id: team.adminId || null,
      body: 'Top SEO partner; renegotiate the fee every quarter.',
      created_at: dayAt(90, '10:15'),
    },
    {
      affiliate_id: ids[0],
      author_id: team.adminId || null,
      body: 'Prefers payment by CPF (PIX).',
      created_at: dayAt(60, '16:40'),
    },
  ]
  for (let index = NAMED.length; index < all.length; index++) {
    if (!random.chance(0.12)) continue
    const author = random.pick([team.adminId, ...managers.map((manager) => manager.id)].filter(Boolean))
    notes.push({
      affiliate_id: ids[index],
      author_id: author || null,
      body: random.pick(NOTES),
      created_at: dayAt(random.int(0, all[index].daysAgo), '11:30'),
    })
  }
  await insertChunks(
    trx,
    'affiliate_notes',
    notes.map((row) => ({ organization_id: organizationId, ...row }))
  )
}
