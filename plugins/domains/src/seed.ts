/*
 * Demo tracking domains (manifest `seed`): a public tracking domain, a private one for two
 * affiliates, a white-label domain and a retired one. None is the default: the demo's
 * tracking links keep pointing at this server, so they work on a fresh clone.
 */
import type { SeedContext } from '@affix/core/kernel'
import { listAffiliates } from '@affix/affiliates/contracts'

export async function seedDomains({ organizationId, trx, dayAt, random }: SeedContext) {
  const active = (await listAffiliates(organizationId, trx)).filter(
    (affiliate) => affiliate.status === 'active' && !affiliate.email.endsWith('@demo.affix.dev')
  )
  // Names are unique across organisations: the organisation id keeps a second demo apart.
  const suffix = `demo${organizationId}.example`
  const rows = [
    { name: `trk.${suffix}`, visibility: 'public', type: 'tracking', status: 'active', daysAgo: 118 },
    { name: `go.partners-${suffix}`, visibility: 'private', type: 'tracking', status: 'active', daysAgo: 70 },
    { name: `casino-offers.${suffix}`, visibility: 'public', type: 'white_label', status: 'active', daysAgo: 45 },
    { name: `old-trk.${suffix}`, visibility: 'public', type: 'tracking', status: 'inactive', daysAgo: 121 },
  ]
  const inserted = await trx
    .insertQuery()
    .table('domains')
    .returning(['id', 'visibility'])
    .multiInsert(
      rows.map((row) => ({
        organization_id: organizationId,
        name: row.name,
        protocol: 'https',
        ssl: true,
        visibility: row.visibility,
        type: row.type,
        status: row.status,
        is_default: false,
        created_at: dayAt(row.daysAgo, '09:00'),
        updated_at: dayAt(row.daysAgo, '09:00'),
      }))
    )
  const privateDomain = inserted.find((row: { visibility: string }) => row.visibility === 'private')
  const owners = random.sample(active, 2)
  if (privateDomain && owners.length) {
    await trx
      .insertQuery()
      .table('domain_affiliates')
      .multiInsert(
        owners.map((affiliate) => ({
          domain_id: privateDomain.id,
          affiliate_id: affiliate.id,
          organization_id: organizationId,
        }))
      )
  }
}
