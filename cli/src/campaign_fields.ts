/* Output shared by the campaigns commands. */
import { Flags } from '@oclif/core'
import type { Campaign, CampaignAccess } from '@affix/sdk'
import { filterParam } from './list_flags.js'
import { renderDetails, type Column } from './output.js'

export const CAMPAIGN_STATUSES = ['active', 'paused', 'disabled', 'suspended'] as const

/** The filters shared by `campaigns list` and `campaigns export`. */
export const campaignFilterFlags = {
  status: Flags.string({ summary: 'Only campaigns with this status.', options: [...CAMPAIGN_STATUSES] }),
  visibility: Flags.string({ summary: 'Only public or private campaigns.', options: ['public', 'private'] }),
  brand: Flags.integer({ summary: 'Only campaigns of this brand ID.', min: 1 }),
}

/** The JSON `filter` query parameter for those flags (undefined when none is set). */
export function campaignFilter(flags: { status?: string; visibility?: string; brand?: number }): string | undefined {
  return filterParam({ status: flags.status, visibility: flags.visibility, brandId: flags.brand })
}

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
    ['Access', campaign.accessStatus ?? null],
    ...(campaign.accessQuestions ?? []).map((item, index): [string, string] => [
      `Question ${index + 1}`,
      `${item.question}${item.required ? ' (required)' : ''}`,
    ]),
  ])
}

export const accessColumns: Column<CampaignAccess>[] = [
  { header: 'CAMPAIGN', value: (access) => `${access.campaignId} ${access.campaignTitle ?? ''}`.trim() },
  { header: 'AFFILIATE', value: (access) => `${access.affiliateId} ${access.affiliateEmail ?? ''}`.trim() },
  { header: 'STATUS', value: (access) => access.status },
  { header: 'ANSWERS', value: (access) => (access.answers ?? []).map((item) => item.answer ?? '').join(' | ') },
  { header: 'REQUESTED', value: (access) => access.createdAt },
  { header: 'DECIDED', value: (access) => access.decidedAt ?? '' },
]

/** "3,4, 5" → [3, 4, 5]; "" → []. Exits 2 (usage) on anything that is not a positive integer. */
export function parseIdList(
  command: { error(message: string, options: { exit: number }): never },
  list: string,
  label: string
): number[] {
  const parts = list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const ids = parts.map(Number)
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
    command.error(`${label} IDs must be positive integers separated by commas`, { exit: 2 })
  return ids
}
