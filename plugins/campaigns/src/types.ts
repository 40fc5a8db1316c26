/* The shapes other plugins see (re-exported by contracts.ts). */
import type { CampaignStatus } from './models/campaign.js'

export type { CampaignStatus }
export type CapVariable = 'clicks' | 'leads' | 'ftd' | 'deposits' | 'c_deposit'

export interface CapRule {
  id: number
  variable: CapVariable
  type: 'combined' | 'each_affiliate'
  visibility: 'public' | 'private'
  limits: { hourly?: number; daily?: number; fifteenDays?: number; monthly?: number; lifetime?: number }
  action: 'reject_activity' | 'pause_campaign' | 'disable_campaign'
}

export interface TargetingCondition {
  field: 'country' | 'device' | 'os' | 'browser' | 'language' | 'ip' | 'ip_range'
  operator: 'in' | 'not_in'
  values: string[]
}

export interface TargetingBlock {
  id: number
  name: string
  logic: 'and' | 'or'
  conditions: TargetingCondition[]
}

export interface TrackingVisitor {
  country?: string
  device?: string
  os?: string
  browser?: string
  language?: string
  ip: string
}

export interface TrackingCampaign {
  id: number
  organizationId: number
  brandId: number
  status: CampaignStatus
  visibility: 'public' | 'private'
  defaultUrl: string
  fallbackUrl: string | null
  /** Epoch ms; the click path refuses clicks from then on, even before the expiry job runs. */
  expiresAt: number | null
  /** The organisation's IANA zone, for cap periods. */
  timezone: string
  blockedAffiliateIds: ReadonlySet<number>
  /** Private: the affiliates with approved access; public: null (everyone). */
  approvedAffiliateIds: ReadonlySet<number> | null
  deepLinks: ReadonlyArray<{ id: number; url: string }>
  /** Hosts a `url` parameter may point to: the default URL's host and the deep links' hosts. */
  allowedDeepLinkHosts: ReadonlySet<string>
  caps: ReadonlyArray<CapRule>
  targeting: ReadonlyArray<TargetingBlock>
}
