/*
 * Recorded clicks: the network sees all of them (its team members: their affiliates and
 * campaigns), with filters and why a click went to the fallback or was refused; an affiliate
 * sees its own, without fraud marks and without the fraud reason (the API leaves them out for
 * whoever does not read the fraud rules, and so does the screen). A row opens its details.
 */
import { StatusTag } from '@affix/admin-ui/plugin-api'
import { Box, Chip, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import {
  AutocompleteInput,
  DataTable,
  DateField,
  DateInput,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { endOfDay, FRAUD_REASONS, OUTCOME_STATUS, OUTCOMES, REASONS, startOfDay, type Click } from './model'

const FIELD = 'resources.engagements/click.fields'
const dayOnly = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : value)
const byQuery = (q: string) => ({ q })

/** The reasons a reader of the clicks may see: the fraud reason only with the fraud rules. */
const reasonsFor = (readsFraud: boolean) => REASONS.filter((reason) => readsFraud || !FRAUD_REASONS.has(reason))

const filtersFor = (readsAffiliates: boolean, readsFraud: boolean) => [
  <ReferenceInput key="campaignId" source="campaignId" reference="manage/campaign" alwaysOn>
    <AutocompleteInput
      label={`${FIELD}.campaignId`}
      optionText="title"
      filterToQuery={byQuery}
      sx={{ minWidth: 240 }}
    />
  </ReferenceInput>,
  ...(readsAffiliates
    ? [
        <ReferenceInput key="affiliateId" source="affiliateId" reference="manage/affiliate" alwaysOn>
          <AutocompleteInput
            label={`${FIELD}.affiliateId`}
            optionText="name"
            filterToQuery={byQuery}
            sx={{ minWidth: 200 }}
          />
        </ReferenceInput>,
      ]
    : []),
  <SelectInput
    key="outcome"
    source="outcome"
    label={`${FIELD}.outcome`}
    choices={OUTCOMES.map((id) => ({ id, name: `tracking.outcomes.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="reason"
    source="reason"
    label={`${FIELD}.reason`}
    choices={reasonsFor(readsFraud).map((id) => ({ id, name: `tracking.reasons.${id}` }))}
  />,
  <TextInput
    key="country"
    source="country"
    label={`${FIELD}.country`}
    parse={(value: string) => value.trim().toUpperCase()}
    slotProps={{ htmlInput: { maxLength: 2 } }}
  />,
  <DateInput key="from" source="from" label="tracking.filters.from" parse={startOfDay} format={dayOnly} />,
  <DateInput key="to" source="to" label="tracking.filters.to" parse={endOfDay} format={dayOnly} />,
]

const OutcomeField = (_props: { label?: string }) => {
  const record = useRecordContext<Click>()
  const translate = useTranslate()
  if (!record) return null
  return (
    <StatusTag
      status={OUTCOME_STATUS[record.outcome] ?? record.outcome}
      label={translate(`tracking.outcomes.${record.outcome}`, { _: record.outcome })}
    />
  )
}

const ReasonField = ({ readsFraud }: { readsFraud: boolean }) => {
  const record = useRecordContext<Click>()
  const translate = useTranslate()
  if (!record?.reason || (!readsFraud && FRAUD_REASONS.has(record.reason))) return <>—</>
  return <>{translate(`tracking.reasons.${record.reason}`, { _: record.reason })}</>
}

const FraudField = (_props: { label?: string }) => {
  const record = useRecordContext<Click>()
  const translate = useTranslate()
  if (!record?.fraudAction) return <>—</>
  return (
    <Chip
      size="small"
      color={record.fraudAction === 'block' ? 'error' : 'warning'}
      label={translate(`tracking.fraud.${record.fraudAction}`)}
      title={record.fraud?.reasons.join(', ')}
    />
  )
}

const DeviceField = (_props: { label?: string }) => {
  const record = useRecordContext<Click>()
  const parts = [record?.device, record?.os, record?.browser].filter(Boolean)
  return <>{parts.length ? parts.join(' · ') : '—'}</>
}

const Detail = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate()
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  )
}

/** Everything recorded of one click (the row's expansion). */
const ClickDetails = () => {
  const record = useRecordContext<Click>()
  const translate = useTranslate()
  if (!record) return null
  const params = Object.entries(record.params ?? {})
  return (
    <Box
      data-testid="click-details"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2, py: 1 }}
    >
      <Detail label={`${FIELD}.clickId`}>{record.clickId}</Detail>
      <Detail label={`${FIELD}.ip`}>{record.ip}</Detail>
      <Detail label={`${FIELD}.language`}>{record.language}</Detail>
      <Detail label={`${FIELD}.source`}>{record.source}</Detail>
      <Detail label={`${FIELD}.referrer`}>{record.referrer}</Detail>
      <Detail label={`${FIELD}.destination`}>{record.destination}</Detail>
      <Detail label={`${FIELD}.deepLinkUrl`}>
        {record.deepLinkUrl}
        {record.urlIgnored ? ` (${translate('tracking.url_ignored')})` : ''}
      </Detail>
      <Detail label={`${FIELD}.userAgent`}>{record.userAgent}</Detail>
      <Detail label={`${FIELD}.params`}>
        {params.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {params.map(([key, value]) => (
              <Chip key={key} size="small" label={`${key}=${value}`} />
            ))}
          </Box>
        ) : null}
      </Detail>
      {record.fraud?.reasons.length ? (
        <Detail label={`${FIELD}.fraud`}>{record.fraud.reasons.join(', ')}</Detail>
      ) : null}
    </Box>
  )
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
  </TopToolbar>
)

export const ClickList = () => {
  const { canAccess: readsAffiliates = false } = useCanAccess({ resource: 'manage/affiliate', action: 'list' })
  // Fraud marks belong to those who read the fraud rules; the API never sends them to affiliates.
  const { canAccess: readsFraud = false } = useCanAccess({
    resource: 'configuration/tracking/fraud-rules',
    action: 'list',
  })
  return (
    <List
      filters={filtersFor(readsAffiliates, readsFraud)}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<ClickDetails />}>
        <DataTable.Col source="createdAt" label={`${FIELD}.createdAt`}>
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="campaignId" label={`${FIELD}.campaignId`} disableSort>
          <ReferenceField source="campaignId" reference="manage/campaign" emptyText="—" />
        </DataTable.Col>
        {readsAffiliates && (
          <DataTable.Col source="affiliateId" label={`${FIELD}.affiliateId`} disableSort>
            <ReferenceField source="affiliateId" reference="manage/affiliate" emptyText="—" />
          </DataTable.Col>
        )}
        <DataTable.Col source="outcome" label={`${FIELD}.outcome`} field={OutcomeField} disableSort />
        <DataTable.Col source="reason" label={`${FIELD}.reason`} disableSort>
          <ReasonField readsFraud={readsFraud} />
        </DataTable.Col>
        <DataTable.Col source="country" label={`${FIELD}.country`} disableSort />
        <DataTable.Col source="device" label={`${FIELD}.device`} field={DeviceField} disableSort />
        <DataTable.Col source="source" label={`${FIELD}.source`} disableSort />
        {readsFraud && <DataTable.Col source="fraudAction" label={`${FIELD}.fraud`} field={FraudField} disableSort />}
      </DataTable>
    </List>
  )
}
