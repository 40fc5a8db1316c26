/*
 * Campaigns arrive with their own plugin (issue 6). Until the account has a `campaigns`
 * resource, campaign inputs are not shown; once it does, they are fed by that resource
 * (GET /api/v1/campaigns/campaigns through the data provider).
 */
import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput, useResourceDefinitions } from 'react-admin'

export const CAMPAIGNS_RESOURCE = 'campaigns'

export function useCampaignsAvailable(): boolean {
  const definitions = useResourceDefinitions()
  return CAMPAIGNS_RESOURCE in definitions
}

const campaignText = (record: { name?: string; title?: string; id?: unknown }) => record?.name ?? record?.title ?? `#${record?.id}`
const toQuery = (q: string) => ({ q })

export const CampaignIdsInput = ({ source = 'campaignIds', label }: { source?: string; label?: string }) => {
  if (!useCampaignsAvailable()) return null
  return (
    <ReferenceArrayInput source={source} reference={CAMPAIGNS_RESOURCE}>
      <AutocompleteArrayInput label={label} optionText={campaignText} filterToQuery={toQuery} fullWidth />
    </ReferenceArrayInput>
  )
}

export const CampaignIdInput = ({ source = 'campaignId', label }: { source?: string; label?: string }) => {
  if (!useCampaignsAvailable()) return null
  return (
    <ReferenceInput source={source} reference={CAMPAIGNS_RESOURCE}>
      <AutocompleteInput label={label} optionText={campaignText} filterToQuery={toQuery} fullWidth />
    </ReferenceInput>
  )
}
