/*
 * Where the click path gets its data: the contracts of campaigns and fraud, and the
 * affiliate's own row (read-only). Injected into the engine so unit tests can hand in their own.
 */
import { assertPluginEnabledFor, findPanel } from '@affix/core/kernel'
import { applyCapAction, loadTrackingCampaign, matchesTargeting, resolveShortLink } from '@affix/campaigns/contracts'
import { evaluateFraud, loadFraudRules } from '@affix/fraud/contracts'
import type {
  CapAction,
  FraudInput,
  FraudRuleSet,
  FraudVerdict,
  TargetingBlock,
  TrackingAffiliate,
  TrackingCampaign,
  Visitor,
} from './types.js'

export interface ClickSources {
  loadCampaign(campaignId: number): Promise<TrackingCampaign | null>
  loadAffiliate(affiliateId: number): Promise<TrackingAffiliate | null>
  loadFraudRules(organizationId: number): Promise<FraudRuleSet | null>
  evaluateFraud(rules: FraudRuleSet, click: FraudInput): FraudVerdict
  matchesTargeting(blocks: ReadonlyArray<TargetingBlock>, visitor: Visitor): boolean
  applyCapAction(organizationId: number, campaignId: number, action: CapAction): Promise<void>
  trackingEnabled(organizationId: number): Promise<boolean>
  resolveShortLink(
    token: string
  ): Promise<{ campaignId: number; affiliateId: number | null; params: Record<string, string> } | null>
}

export const contractSources: ClickSources = {
  loadCampaign: loadTrackingCampaign,
  async loadAffiliate(affiliateId) {
    const panel = await findPanel(affiliateId, { roles: ['affiliate'], live: true })
    return panel && { id: panel.id, organizationId: panel.organizationId, active: panel.status === 'active' }
  },
  loadFraudRules,
  evaluateFraud,
  matchesTargeting,
  applyCapAction,
  async trackingEnabled(organizationId) {
    try {
      await assertPluginEnabledFor(organizationId, 'tracking')
      return true
    } catch {
      return false
    }
  },
  resolveShortLink,
}
