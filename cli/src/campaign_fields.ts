/* Output shared by the campaigns commands. */
import type { Campaign } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export const CAMPAIGN_STATUSES = ['active', 'paused', 'disabled', 'suspended'] as const

export const campaignColumns: Column<Campaign>[] = [
  { header: 'ID', value: (campaign) => campaign.id },
  { header: 'TITLE', value: (campaign) => campaign.title },
  { header: 'BRAND', value: (campaign) => campaign.brandId },
  { header: 'STATUS', value: (campaign) => campaign.status },
  { header: 'VISIBILITY', value: (campaign) => campaign.visibility },
  { header: 'CURRENCY', value: (campaign) => campaign.currency },
  { header: 'EXPIRES', value: (campaign) => campaign.expiresAt ?? '' },
]

export function campaignDetails(campaign: Campaign): string {
  return renderDetails([
    ['ID', campaign.id],
    ['Title', campaign.title],
    ['Brand', campaign.brandId],
    ['Status', campaign.status],
    ['Visibility', campaign.visibility],
    ['Default URL', campaign.defaultUrl],
    ['Fallback URL', campaign.fallbackUrl ?? null],
    ['Commission variable', campaign.commissionVariable],
    ['Currency', campaign.currency],
    ['Coverage countries', (campaign.coverageCountries ?? []).join(', ')],
    ['Attribution window (days)', campaign.attributionWindowDays ?? null],
    ['Expires', campaign.expiresAt ?? null],
    ['Featured', campaign.featured ?? false],
  ])
}
