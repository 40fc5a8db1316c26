/*
 * What other plugins may use of `fraud` (tracking applies the rules to every click).
 * loadFraudRules reads the database (the caller caches the set and drops it on the
 * 'fraud-rules' invalidation topic); evaluateFraud and classifyIp do no I/O.
 */
import db from '@adonisjs/lucid/services/db'
import { compileFraudRules, type FraudRuleInput, type FraudRuleSet } from './services/evaluate.js'

export { evaluateFraud, compileFraudRules, type FraudVerdict, type FraudRuleSet, type FraudClick, type FraudRuleInput } from './services/evaluate.js'
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
