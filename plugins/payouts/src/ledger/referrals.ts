/*
 * The organisation's referral setting (spec §3 "Referral setting", COMMISSIONS §10): method
 * `ngr` (% of the referred affiliate's NGR) or `payout` (% of its commission), percentages
 * for levels 1–3, a per-referrer ("partner") override, and "enable partner referral": the
 * switch that puts those overrides in force (docs/commissions.md, ambiguity 28). Switched off,
 * the overrides stay stored but every referrer earns the global percentages. Read at each
 * close; none set: no referral rows ("Global referral does not exist").
 */
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ReferralSetting } from '../engine/index.js'

const percent = (value: unknown) => (value === null || value === undefined ? null : String(value))

export async function referralSetting(
  client: QueryClientContract,
  organizationId: number
): Promise<ReferralSetting | null> {
  const row = await client.from('payouts_referral_settings').where('organization_id', organizationId).first()
  if (!row) return null
  const overrides = row.partner_referral
    ? await client.from('payouts_referral_overrides').where('organization_id', organizationId)
    : []
  return {
    method: row.method,
    percentages: [percent(row.level1)!, percent(row.level2)!, percent(row.level3)!],
    overrides: Object.fromEntries(
      overrides.map((override) => [
        Number(override.affiliate_id),
        [percent(override.level1), percent(override.level2), percent(override.level3)],
      ])
    ),
  }
}
