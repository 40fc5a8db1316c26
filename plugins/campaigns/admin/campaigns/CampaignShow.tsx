import { Alert, Box, Chip, Typography } from '@mui/material'
import {
  BooleanField,
  DateField,
  EditButton,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CampaignStatusField, CampaignStatusTag, FeaturedField, VisibilityField } from '../shared/CampaignStatusField'
import { BrandField } from '../shared/BrandField'
import { RequestAccess } from './RequestAccess'
import { AccessTab } from './tabs/AccessTab'
import { BlockedTab } from './tabs/BlockedTab'
import { CapsTab } from './tabs/CapsTab'
import { DeepLinksTab } from './tabs/DeepLinksTab'
import { GroupsTab } from './tabs/GroupsTab'
import { LinkGenerator } from './tabs/LinksTab'
import { NotesTab } from './tabs/NotesTab'
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
  return <Typography variant="body2">{record?.commissionVariable ? translate(`campaigns.commission_variables.${record.commissionVariable}`) : '—'}</Typography>
}

const Details = () => (
  <>
    <TextField source="title" label="resources.campaigns.fields.title" />
    <BrandField label="resources.campaigns.fields.brandId" />
    <CampaignStatusField source="status" label="resources.campaigns.fields.status" />
    <VisibilityField source="visibility" label="resources.campaigns.fields.visibility" />
    <FeaturedField source="featured" label="resources.campaigns.fields.featured" />
    <TextField source="description" label="resources.campaigns.fields.description" emptyText="—" />
    <UrlField source="previewUrl" label="resources.campaigns.fields.previewUrl" emptyText="—" target="_blank" rel="noopener noreferrer" />
    <TextField source="currency" label="resources.campaigns.fields.currency" />
    <CommissionField label="resources.campaigns.fields.commissionVariable" />
    <CountriesField label="resources.campaigns.fields.coverageCountries" />
    <TextField source="attributionWindowDays" label="resources.campaigns.fields.attributionWindowDays" emptyText="—" />
    <DateField source="expiresAt" label="resources.campaigns.fields.expiresAt" showTime emptyText="—" />
  </>
)

const AdminDetails = () => (
  <>
    <Details />
    <TextField source="defaultUrl" label="resources.campaigns.fields.defaultUrl" />
    <TextField source="fallbackUrl" label="resources.campaigns.fields.fallbackUrl" emptyText="—" />
    <TextField source="appLink" label="resources.campaigns.fields.appLink" emptyText="—" />
    <TextField source="externalId" label="resources.campaigns.fields.externalId" emptyText="—" />
    <BooleanField source="isDynamic" label="resources.campaigns.fields.isDynamic" />
    <BooleanField source="isPersistent" label="resources.campaigns.fields.isPersistent" />
    <BooleanField source="shortLinkDefault" label="resources.campaigns.fields.shortLinkDefault" />
    <BooleanField source="overrideCustomerCountry" label="resources.campaigns.fields.overrideCustomerCountry" />
    <DateField source="createdAt" label="resources.campaigns.fields.createdAt" showTime />
  </>
)

/** An affiliate's standing on the campaign and what it can do: links when approved (or public), else ask. */
const AffiliateAccess = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record) return null
  const status = (record.accessStatus as string | undefined) ?? (record.visibility === 'public' ? 'approved' : 'need_approval')
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
      {(status === 'pending_approval' || status === 'need_permission') && <Alert severity="info">{translate(`campaigns.access.hints.${status}`)}</Alert>}
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
        <TabbedShowLayout>
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
      <TabbedShowLayout>
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
          <NotesTab />
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

