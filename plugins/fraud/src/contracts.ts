/*
 * What other plugins may use of `fraud` (tracking applies the rules to every click).
 * loadFraudRules reads the database (the caller caches the set and drops it on the
 * 'fraud-rules' invalidation topic); evaluateFraud and classifyIp do no I/O.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { compileFraudRules, type FraudRuleInput, type FraudRuleSet } from './services/evaluate.js'

export {
  evaluateFraud,
  compileFraudRules,
  type FraudVerdict,
  type FraudRuleSet,
  type FraudClick,
  type FraudRuleInput,
} from './services/evaluate.js'
/** classifyIp: data centre / proxy membership from the range files; reloadIpRanges: re-read them (also on SIGHUP). */
export { classifyIp, reloadIpRanges } from './services/ip_ranges.js'

const list = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? JSON.parse(value) : [])

/** The active rules of an organisation, compiled for evaluateFraud. */
export async function loadFraudRules(organizationId: number): Promise<FraudRuleSet> {
  const rows = await db.from('fraud_rules').where({ organization_id: organizationId, status: 'active' }).orderBy('id')
  const rules: FraudRuleInput[] = rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    type: row.type,
    brandSelection: row.brand_selection,
    brandIds: list(row.brand_ids),
    campaignSelection: row.campaign_selection,
    campaignIds: list(row.campaign_ids),
    affiliateSelection: row.affiliate_selection,
    affiliateIds: list(row.affiliate_ids),
    ips: list(row.ips),
    userAgents: list(row.user_agents),
    devices: list(row.devices),
    os: list(row.os),
  }))
  return compileFraudRules(organizationId, rules)
}

/** The organisation's rules, active or not, by id (the tracking plugin's demo clicks; seeds pass their `trx`). */
export async function listFraudRules(
  organizationId: number,
  client: Pick<TransactionClientContract, 'from'> = db
): Promise<
  Array<{ id: number; name: string; type: string; action: 'mark' | 'block'; active: boolean; ips: string[] }>
> {
  const rows = await client.from('fraud_rules').where('organization_id', organizationId).orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    type: row.type,
    action: row.action,
    active: row.status === 'active',
    ips: list(row.ips),
  }))
}
