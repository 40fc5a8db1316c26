import { EditButton, NotesTab } from '@affix/admin-ui/plugin-api'
import { Alert, Box, Chip, Typography } from '@mui/material'
import type { ReactElement } from 'react'
import {
  BooleanField,
  DateField,
  Labeled,
  Show,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  UrlField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CampaignStatusField, CampaignStatusTag, FeaturedField, VisibilityField } from '../shared/CampaignStatusField'
import { BrandField } from '../shared/BrandField'
import { CAMPAIGNS_API } from './model'
import { RequestAccess } from './RequestAccess'
import { AccessTab } from './tabs/AccessTab'
import { BlockedTab } from './tabs/BlockedTab'
import { CapsTab } from './tabs/CapsTab'
import { DeepLinksTab } from './tabs/DeepLinksTab'
import { GroupsTab } from './tabs/GroupsTab'
import { LinkGenerator } from './tabs/LinksTab'
import { BillingTab, PayoutSummary } from './tabs/PayoutTab'
import { TargetingTab } from './tabs/TargetingTab'
import { TimelineTab } from './tabs/TimelineTab'

const CountriesField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const countries = (record?.coverageCountries as string[] | undefined) ?? []
  if (!countries.length) return <Typography variant="body2">—</Typography>
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {countries.map((code) => (
        <Chip key={code} size="small" label={code} />
      ))}
    </Box>
  )
}

const CommissionField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return (
    <Typography variant="body2">
      {record?.commissionVariable ? translate(`campaigns.commission_variables.${record.commissionVariable}`) : '—'}
    </Typography>
  )
}

const label = (field: string) => `resources.manage/campaign.fields.${field}`
const WIDE_FIELDS = new Set(['description', 'previewUrl', 'defaultUrl', 'fallbackUrl', 'appLink'].map(label))
const isWide = (field: ReactElement<{ label?: string }>) => WIDE_FIELDS.has(field.props.label ?? '')

/**
 * The Details tab: each field titled by its `label` in a grid (react-admin's tab layout
 * labels only its direct children, so fields are never grouped in fragments here). Long
 * values (URLs, description) take a whole row.
 */
const FieldGrid = ({ children }: { children: ReactElement<{ label?: string; source?: string }>[] }) => (
  <Box
    data-testid="campaign-details"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      columnGap: 3,
      rowGap: 1,
    }}
  >
    {[...children.filter((field) => !isWide(field)), ...children.filter(isWide)].map((field) => (
      <Box
        key={field.props.label}
        data-testid="campaign-field"
        sx={{ minWidth: 0, overflowWrap: 'anywhere', ...(isWide(field) && { gridColumn: '1 / -1' }) }}
      >
        <Labeled>{field}</Labeled>
      </Box>
    ))}
  </Box>
)

const detailFields = () => [
  <TextField key="title" source="title" label={label('title')} />,
  <BrandField key="brandId" label={label('brandId')} />,
  <CampaignStatusField key="status" source="status" label={label('status')} />,
  <VisibilityField key="visibility" source="visibility" label={label('visibility')} />,
  <FeaturedField key="featured" source="featured" label={label('featured')} />,
  <TextField key="currency" source="currency" label={label('currency')} />,
  <CommissionField key="commissionVariable" label={label('commissionVariable')} />,
  <CountriesField key="coverageCountries" label={label('coverageCountries')} />,
  <TextField
    key="attributionWindowDays"
    source="attributionWindowDays"
    label={label('attributionWindowDays')}
    emptyText="—"
  />,
  <DateField key="expiresAt" source="expiresAt" label={label('expiresAt')} showTime emptyText="—" />,
  <TextField key="description" source="description" label={label('description')} emptyText="—" />,
  <UrlField
    key="previewUrl"
    source="previewUrl"
    label={label('previewUrl')}
    emptyText="—"
    target="_blank"
    rel="noopener noreferrer"
  />,
]

const Details = () => <FieldGrid>{detailFields()}</FieldGrid>

const AdminDetails = () => (
  <FieldGrid>
    {[
      ...detailFields(),
      <TextField key="defaultUrl" source="defaultUrl" label={label('defaultUrl')} />,
      <TextField key="fallbackUrl" source="fallbackUrl" label={label('fallbackUrl')} emptyText="—" />,
      <TextField key="appLink" source="appLink" label={label('appLink')} emptyText="—" />,
      <TextField key="externalId" source="externalId" label={label('externalId')} emptyText="—" />,
      <BooleanField key="isDynamic" source="isDynamic" label={label('isDynamic')} />,
      <BooleanField key="isPersistent" source="isPersistent" label={label('isPersistent')} />,
      <BooleanField key="shortLinkDefault" source="shortLinkDefault" label={label('shortLinkDefault')} />,
      <BooleanField
        key="overrideCustomerCountry"
        source="overrideCustomerCountry"
        label={label('overrideCustomerCountry')}
      />,
      <DateField key="createdAt" source="createdAt" label={label('createdAt')} showTime />,
    ]}
  </FieldGrid>
)

/** An affiliate's standing on the campaign and what it can do: links when approved (or public), else ask. */
const AffiliateAccess = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record) return null
  const status =
    (record.accessStatus as string | undefined) ?? (record.visibility === 'public' ? 'approved' : 'need_approval')
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Labeled label="campaigns.access.your_access">
        <CampaignStatusTag status={status} prefix="campaigns.access.statuses" />
      </Labeled>
      {status === 'approved' && <LinkGenerator asAffiliate />}
      {(status === 'need_approval' || status === 'rejected_approval') && (
        <Box>
          <Alert severity={status === 'rejected_approval' ? 'warning' : 'info'} sx={{ mb: 1 }}>
            {translate(`campaigns.access.hints.${status}`)}
          </Alert>
          <RequestAccess />
        </Box>
      )}
      {(status === 'pending_approval' || status === 'need_permission') && (
        <Alert severity="info">{translate(`campaigns.access.hints.${status}`)}</Alert>
      )}
    </Box>
  )
}

const ShowActions = ({ manage }: { manage: boolean }) => <TopToolbar>{manage && <EditButton />}</TopToolbar>

/** The admin's campaign page (tabs of spec §2) or, for others, a read-only page (affiliates: links and access). */
export const CampaignShow = () => {
  const { canAccess: manage = false, isPending } = useCanAccess({ resource: 'campaigns', action: 'manage' })
  if (isPending) return null
  if (!manage) {
    return (
      <Show actions={false}>
        <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
          <TabbedShowLayout.Tab label="campaigns.tabs.details">
            <Details />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="campaigns.tabs.links" path="links">
            <AffiliateAccess />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="campaigns.tabs.caps" path="caps">
            <CapsTab />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
      </Show>
    )
  }
  return (
    <Show actions={<ShowActions manage={manage} />}>
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label="campaigns.tabs.details">
          <AdminDetails />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.payouts" path="payouts">
          <PayoutSummary />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.billing" path="billing">
          <BillingTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.links" path="links">
          <LinkGenerator />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.access" path="access">
          <AccessTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.groups" path="groups">
          <GroupsTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.blocked" path="blocked">
          <BlockedTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.notes" path="notes">
          <NotesTab path={(id) => `${CAMPAIGNS_API}/${id}/notes`} namespace="campaigns" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.caps" path="caps">
          <CapsTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.targeting" path="targeting">
          <TargetingTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.deep_links" path="deep-links">
          <DeepLinksTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="campaigns.tabs.timeline" path="timeline">
          <TimelineTab />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  )
}
