/*
 * Demo anti-fraud rules (manifest `seed`): data-centre traffic marked, a blacklist of IP
 * ranges blocked, bots blocked, proxies marked (switched off). The tracking plugin's demo
 * clicks carry the marks these rules would have made.
 */
import type { SeedContext } from '@affix/core/kernel'

/** Documentation ranges (RFC 5737): what the demo blacklist and the demo "data centre" clicks use. */
export const DEMO_BLACKLIST = ['203.0.113.0/24', '198.51.100.23']

export async function seedFraud({ organizationId, trx, dayAt }: SeedContext) {
  const rule = (name: string, action: string, type: string, extra: Record<string, unknown>, daysAgo: number) => ({
    organization_id: organizationId,
    name,
    action,
    type,
    status: 'active',
    brand_selection: 'all',
    brand_ids: '[]',
    affiliate_selection: 'all',
    affiliate_ids: '[]',
    campaign_selection: 'all',
    campaign_ids: '[]',
    ips: '[]',
    user_agents: '[]',
    devices: '[]',
    os: '[]',
    created_at: dayAt(daysAgo, '14:00'),
    updated_at: dayAt(daysAgo, '14:00'),
    ...extra,
  })
  // tenancy: rule() stamps the seeded organisation on each row
  await trx
    .insertQuery()
    .table('fraud_rules')
    .multiInsert([
      rule('Mark data-centre traffic', 'mark', 'data_center', {}, 115),
      rule('Block known click farms', 'block', 'blacklist', { ips: JSON.stringify(DEMO_BLACKLIST) }, 88),
      rule('Block bots', 'block', 'device', { devices: JSON.stringify(['bot']) }, 88),
      rule('Mark proxies (trial)', 'mark', 'proxy', { status: 'inactive' }, 20),
    ])
}
