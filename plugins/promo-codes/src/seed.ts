/*
 * Demo promo codes (manifest `seed`): one of each type and state — a generic welcome code,
 * codes exclusive to affiliates, a one-time code, one not started yet, one expired, one
 * switched off, and codes for all affiliates but some or only some. Codes are not tied to
 * campaigns: this plugin does not depend on campaigns, so its seed runs before they exist.
 */
import type { SeedContext } from '@affix/core/kernel'
import { listAffiliates } from '@affix/affiliates/contracts'

export async function seedPromoCodes({ organizationId, trx, dayAt, random, size }: SeedContext) {
  const affiliates = (await listAffiliates(organizationId, trx)).filter((affiliate) => affiliate.status === 'active')
  const generated = affiliates.filter((affiliate) => !affiliate.email.endsWith('@demo.affix.dev'))
  const ana = affiliates.find((affiliate) => affiliate.email === 'affiliate@demo.affix.dev')
  const code = (values: Record<string, unknown>) => ({
    organization_id: organizationId,
    bonus_currency: 'BRL',
    type: 'generic',
    origin: 'organic',
    enabled: true,
    affiliate_selection: 'all',
    start_date: null,
    end_date: null,
    affiliate_id: null,
    campaign_id: null,
    created_at: dayAt(100, '12:00'),
    updated_at: dayAt(100, '12:00'),
    ...values,
  })
  const rows = [
    code({ code: 'WELCOME100', bonus: '100.00', description: '100% up to R$100 on the first deposit' }),
    code({
      code: 'ANA50',
      bonus: '50.00',
      type: 'exclusive',
      affiliate_id: ana?.id ?? null,
      description: "Ana Souza's audience: R$50 free bet",
      created_at: dayAt(90, '12:00'),
    }),
    code({
      code: 'FREESPINS25',
      bonus: '25.00',
      type: 'one_time',
      origin: 'inorganic',
      description: '25 free spins, once',
    }),
    code({
      code: 'BLACKFRIDAY',
      bonus: '200.00',
      start_date: dayAt(-9, '00:00'),
      end_date: dayAt(-12, '23:59'),
      description: 'Starts in 9 days, for four days',
      created_at: dayAt(5, '12:00'),
    }),
    code({
      code: 'CARNAVAL',
      bonus: '75.00',
      start_date: dayAt(80, '00:00'),
      end_date: dayAt(70, '23:59'),
      description: 'Carnival week (over)',
      created_at: dayAt(85, '12:00'),
    }),
    code({ code: 'OLDBONUS', bonus: '10.00', enabled: false, description: 'Retired', created_at: dayAt(120, '12:00') }),
    code({
      code: 'EUROPE20',
      bonus: '20.00',
      bonus_currency: 'EUR',
      affiliate_selection: 'exclude',
      description: 'Everyone but the excluded affiliates',
    }),
    code({
      code: 'STREAM30',
      bonus: '30.00',
      affiliate_selection: 'include',
      description: 'Only the included streamers',
      created_at: dayAt(40, '12:00'),
    }),
  ]
  // Large: one exclusive code per busy affiliate, as operators hand them out.
  if (size === 'large') {
    for (const affiliate of random.sample(generated, 300)) {
      rows.push(
        code({
          code: `AFF${affiliate.id}${random.int(10, 99)}`,
          bonus: `${random.int(1, 20) * 5}.00`,
          type: 'exclusive',
          affiliate_id: affiliate.id,
          created_at: dayAt(random.int(1, 100), '12:00'),
        })
      )
    }
  }
  const inserted: Array<{ id: number; code: string }> = []
  for (let start = 0; start < rows.length; start += 500) {
    // tenancy: every row carries the seeded organisation (built above)
    inserted.push(
      ...(await trx
        .insertQuery()
        .table('promo_codes')
        .returning(['id', 'code'])
        .multiInsert(rows.slice(start, start + 500)))
    )
  }
  const idOf = (name: string) => inserted.find((row) => row.code === name)!.id
  const pick = random.sample(generated, 6)
  const listed = [
    ...pick.slice(0, 2).map((affiliate) => ({ code: 'EUROPE20', affiliate, mode: 'exclude' })),
    ...pick.slice(2).map((affiliate) => ({ code: 'STREAM30', affiliate, mode: 'include' })),
  ]
  if (listed.length) {
    await trx
      .insertQuery()
      .table('promo_code_affiliates')
      .multiInsert(
        listed.map((entry) => ({
          promo_code_id: idOf(entry.code),
          affiliate_id: entry.affiliate.id,
          organization_id: organizationId,
          mode: entry.mode,
        }))
      )
  }
}
