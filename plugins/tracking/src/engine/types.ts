/*
 * The shapes the click path works with: campaigns' and fraud's own contract types, plus the
 * click's outcome and the affiliate as tracking sees it.
 */
import type { CapRule } from '@affix/campaigns/contracts'

export type {
  CampaignStatus,
  CapRule,
  TargetingBlock,
  TargetingCondition,
  TrackingCampaign,
  TrackingVisitor as Visitor,
} from '@affix/campaigns/contracts'
export type { FraudVerdict, FraudRuleSet, FraudClick as FraudInput } from '@affix/fraud/contracts'
export type CapAction = CapRule['action']
export type CapLimits = CapRule['limits']
/** An affiliate as the click path sees it: live and active, or not usable. */
export interface TrackingAffiliate {
  id: number
  organizationId: number
  active: boolean
}

export type ClickOutcome = 'redirect' | 'fallback' | 'rejected'
export type ClickReason =
  | 'paused'
  | 'disabled'
  | 'expired'
  | 'cap_reached'
  | 'targeting'
  | 'blocked_affiliate'
  | 'not_approved'
  | 'fraud_block'
  | 'unknown_affiliate'
  | 'unknown_campaign'
  | 'plugin_disabled'
