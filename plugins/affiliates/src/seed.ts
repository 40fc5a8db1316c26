/* Demo affiliates for a new organisation (npm run seed): profiles, a referral, payment details and notes. */
import { addPanel, type SeedContext } from '@affix/core/kernel'

export const DEMO_AFFILIATE_EMAIL = 'affiliate@demo.affix.dev'
export const DEMO_AFFILIATE_PASSWORD = 'Demo#1234'

const DEMO = [
  { email: DEMO_AFFILIATE_EMAIL, name: 'Ana Souza', status: 'active', phone: '+55 11 98888-7777', country: 'BR', city: 'São Paulo', profile: { company_name: 'Souza Media Ltda', currency: 'BRL', fee_percent: '10.00', tags: ['vip', 'seo'], external_id: 'AFF-001' } },
  { email: 'lucas.pereira@demo.affix.dev', name: 'Lucas Pereira', status: 'active', phone: '+55 21 97777-6666', country: 'BR', city: 'Rio de Janeiro', profile: { currency: 'BRL', tags: ['social'], external_id: 'AFF-002' } },
  { email: 'mehmet.yilmaz@demo.affix.dev', name: 'Mehmet Yılmaz', status: 'pending', phone: '+90 212 555 0101', country: 'TR', city: 'İstanbul', profile: { currency: 'TRY', tags: ['ppc'] } },
  { email: 'john.smith@demo.affix.dev', name: 'John Smith', status: 'disabled', phone: '+44 20 7946 0958', country: 'GB', city: 'London', profile: { currency: 'GBP', negative_carryover: true } },
  { email: 'maria.garcia@demo.affix.dev', name: 'Maria Garcia', status: 'rejected', phone: null, country: 'ES', city: 'Madrid', profile: { currency: 'EUR' } },
] as const

export async function seedAffiliates({ organizationId, trx }: SeedContext) {
  const ids: number[] = []
  for (const affiliate of DEMO) {
    const id = await addPanel(trx, {
      organizationId,
      role: 'affiliate',
      email: affiliate.email,
      password: affiliate.email === DEMO_AFFILIATE_EMAIL ? DEMO_AFFILIATE_PASSWORD : null,
      name: affiliate.name,
      status: affiliate.status,
      phone: affiliate.phone,
      country: affiliate.country,
      city: affiliate.city,
    })
    const profile = affiliate.profile as Record<string, unknown>
    await trx
      .insertQuery()
      .table('affiliate_profiles')
      .insert({ user_id: id, organization_id: organizationId, ...profile, tags: JSON.stringify(profile.tags ?? []), referred_by: ids.length === 1 ? ids[0] : null })
    ids.push(id)
  }
  await trx.insertQuery().table('affiliate_payment_details').insert({ user_id: ids[0], organization_id: organizationId, default_method: 'cpf', cpf: '52998224725', paypal_email: 'ana.payments@demo.affix.dev' })
  const admin = await trx.from('users').where({ organization_id: organizationId, role: 'admin' }).orderBy('id').select('id').first()
  await trx.insertQuery().table('affiliate_notes').multiInsert([
    { organization_id: organizationId, affiliate_id: ids[0], author_id: admin?.id ?? null, body: 'Top SEO partner; renegotiate the fee every quarter.' },
    { organization_id: organizationId, affiliate_id: ids[0], author_id: admin?.id ?? null, body: 'Prefers payment by CPF (PIX).' },
  ])
}
