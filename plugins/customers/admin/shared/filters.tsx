/*
 * The filters the customers, activity and conversion lists share (brand, campaign,
 * affiliate, country, dates), shown only for what the account may read: an affiliate gets
 * no affiliate or brand picker.
 */
import type { ReactElement } from 'react'
import { AutocompleteInput, DateInput, ReferenceInput, TextInput, useCanAccess } from 'react-admin'

const byQuery = (q: string) => ({ q })
/** Dates go to the API as YYYY-MM-DD (the organisation's calendar days). */
const dayOnly = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined)
const countryCode = (value: string) => (value ? value.trim().toUpperCase() : undefined)

export interface FilterAccess {
  readsBrands: boolean
  readsCampaigns: boolean
  readsAffiliates: boolean
}

export function useFilterAccess(): FilterAccess {
  const { canAccess: readsBrands = false } = useCanAccess({ resource: 'manage/brand', action: 'list' })
  const { canAccess: readsCampaigns = false } = useCanAccess({ resource: 'manage/campaign', action: 'list' })
  const { canAccess: readsAffiliates = false } = useCanAccess({ resource: 'manage/affiliate', action: 'list' })
  return { readsBrands, readsCampaigns, readsAffiliates }
}

/** Brand, campaign, affiliate, country and the from/to dates, labelled with the plugin's filter messages. */
export function commonFilters(access: FilterAccess): ReactElement[] {
  return [
    ...(access.readsBrands
      ? [
          <ReferenceInput key="brandId" source="brandId" reference="manage/brand">
            <AutocompleteInput
              label="customers.filters.brand"
              optionText="name"
              filterToQuery={byQuery}
              sx={{ minWidth: 200 }}
            />
          </ReferenceInput>,
        ]
      : []),
    ...(access.readsCampaigns
      ? [
          <ReferenceInput key="campaignId" source="campaignId" reference="manage/campaign" alwaysOn>
            <AutocompleteInput
              label="customers.filters.campaign"
              optionText="title"
              filterToQuery={byQuery}
              sx={{ minWidth: 220 }}
            />
          </ReferenceInput>,
        ]
      : []),
    ...(access.readsAffiliates
      ? [
          <ReferenceInput key="affiliateId" source="affiliateId" reference="manage/affiliate" alwaysOn>
            <AutocompleteInput
              label="customers.filters.affiliate"
              optionText="name"
              filterToQuery={byQuery}
              sx={{ minWidth: 200 }}
            />
          </ReferenceInput>,
        ]
      : []),
    <TextInput
      key="country"
      source="country"
      label="customers.filters.country"
      parse={countryCode}
      slotProps={{ htmlInput: { maxLength: 2 } }}
    />,
    <DateInput key="from" source="from" label="customers.filters.from" parse={dayOnly} format={dayOnly} />,
    <DateInput key="to" source="to" label="customers.filters.to" parse={dayOnly} format={dayOnly} />,
  ]
}
