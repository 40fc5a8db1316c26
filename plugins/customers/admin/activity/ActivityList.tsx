/*
 * /engagements/activity: activity rows with the shared filters plus status, currency and
 * FTD, exported on the server. Bet counts are shown only for rows dated after 29 April 2025
 * (spec §9). A row expands to its amounts; those who manage customers can mark it as fraud
 * (which marks its customer and all of the customer's activity).
 */
import { ServerExportButton } from '@affix/admin-ui/plugin-api'
import { Box, Chip, Typography } from '@mui/material'
import {
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useNavigate,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import {
  ACTIVITY_API,
  AMOUNT_FIELDS,
  CUSTOMER_STATUSES,
  customerDetailsPath,
  showsBetCount,
  type Activity,
} from '../model'
import { CustomerStatusField } from '../shared/fields'
import { FraudButton } from '../customers/FraudButton'
import { EmptyWithActions } from '../shared/EmptyWithActions'
import { ImportLink } from '../shared/ImportLink'
import { commonFilters, useFilterAccess, type FilterAccess } from '../shared/filters'
import { ListError } from '../shared/ListError'

const FIELD = 'resources.engagements/activity.fields'
const currencyCode = (value: string) => (value ? value.trim().toUpperCase() : undefined)

const filtersFor = (access: FilterAccess) => [
  ...commonFilters(access),
  <SelectInput
    key="status"
    source="status"
    label="customers.filters.status"
    choices={CUSTOMER_STATUSES.map((id) => ({ id, name: `customers.status.${id}` }))}
    alwaysOn
  />,
  <TextInput
    key="currency"
    source="currency"
    label={`${FIELD}.currency`}
    parse={currencyCode}
    slotProps={{ htmlInput: { maxLength: 3 } }}
  />,
  <SelectInput
    key="ftd"
    source="ftd"
    label="customers.filters.ftd"
    choices={[
      { id: 'true', name: 'customers.filters.ftd_only' },
      { id: 'false', name: 'customers.filters.not_ftd' },
    ]}
  />,
  <TextInput key="q" source="q" label="customers.filters.search_activity" />,
]

/** The bet count, or a dash for rows on or before 29 April 2025 (the spec shows none for them). */
export const BetCountField = (_props: { label?: string }) => {
  const record = useRecordContext<Pick<Activity, 'date' | 'betCount'>>()
  if (!record) return null
  return <>{showsBetCount(record.date) && record.betCount !== null ? record.betCount : '—'}</>
}

const CuidField = (_props: { label?: string }) => {
  const record = useRecordContext<Activity>()
  const translate = useTranslate()
  if (!record) return null
  return (
    <>
      {record.cuid ?? `#${record.customerId}`}
      {record.isFtd && <Chip size="small" color="success" sx={{ ml: 1 }} label={translate('customers.ftd')} />}
    </>
  )
}

const ActivityAmounts = () => {
  const record = useRecordContext<Activity>()
  const translate = useTranslate()
  const { canAccess: manages = false } = useCanAccess({ resource: 'customers', action: 'manage' })
  if (!record) return null
  return (
    <Box
      data-testid="activity-amounts"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2, py: 1 }}
    >
      {AMOUNT_FIELDS.map((field) => (
        <Box key={field}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(`${FIELD}.${field}`)}
          </Typography>
          <Typography variant="body2">
            {record[field] ?? '0'} {record.currency}
          </Typography>
        </Box>
      ))}
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`${FIELD}.txnId`)}
        </Typography>
        <Typography variant="body2">{record.txnId ?? '—'}</Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`${FIELD}.version`)}
        </Typography>
        <Typography variant="body2">{record.version}</Typography>
      </Box>
      {manages && !record.fraud && (
        <Box sx={{ alignSelf: 'center' }}>
          <FraudButton
            customer={{ id: record.customerId, cuid: record.cuid ?? `#${record.customerId}` }}
            path={`${ACTIVITY_API}/${record.id}/fraud`}
          />
        </Box>
      )}
    </Box>
  )
}

const ListActions = ({ imports }: { imports: boolean }) => (
  <TopToolbar>
    <FilterButton />
    {imports && <ImportLink to="/engagements/activity/import" />}
    <ServerExportButton apiPath={ACTIVITY_API} />
  </TopToolbar>
)

export const ActivityList = () => {
  const access = useFilterAccess()
  const navigate = useNavigate()
  const { canAccess: imports = false } = useCanAccess({ resource: 'customers', action: 'import' })
  const { canAccess: readsCustomers = false } = useCanAccess({ resource: 'engagements/customer', action: 'show' })
  return (
    <List
      filters={filtersFor(access)}
      actions={<ListActions imports={imports} />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      error={<ListError />}
      empty={<EmptyWithActions>{imports && <ImportLink to="/engagements/activity/import" />}</EmptyWithActions>}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<ActivityAmounts />}>
        <DataTable.Col source="date" label={`${FIELD}.date`} />
        <DataTable.Col source="cuid" label={`${FIELD}.cuid`} field={CuidField} disableSort />
        {access.readsCampaigns && (
          <DataTable.Col source="campaignId" label={`${FIELD}.campaignId`} disableSort>
            <ReferenceField source="campaignId" reference="manage/campaign" link={false} emptyText="—" />
          </DataTable.Col>
        )}
        {access.readsAffiliates && (
          <DataTable.Col source="affiliateId" label={`${FIELD}.affiliateId`} disableSort>
            <ReferenceField source="affiliateId" reference="manage/affiliate" link={false} emptyText="—" />
          </DataTable.Col>
        )}
        <DataTable.Col source="currency" label={`${FIELD}.currency`} disableSort />
        <DataTable.Col source="deposits" label={`${FIELD}.deposits`} disableSort />
        <DataTable.Col source="depositCount" label={`${FIELD}.depositCount`} disableSort />
        <DataTable.Col source="bets" label={`${FIELD}.bets`} disableSort />
        <DataTable.Col source="wins" label={`${FIELD}.wins`} disableSort />
        <DataTable.Col source="betCount" label={`${FIELD}.betCount`} field={BetCountField} disableSort />
        <DataTable.Col source="fraud" label={`${FIELD}.status`} field={CustomerStatusField} disableSort />
        {readsCustomers && (
          <DataTable.Col label={`${FIELD}.customer`} disableSort>
            <OpenCustomer onOpen={(id) => navigate(customerDetailsPath(id))} />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  )
}

const OpenCustomer = ({ onOpen }: { onOpen: (id: number) => void }) => {
  const record = useRecordContext<Activity>()
  const translate = useTranslate()
  if (!record) return null
  return (
    <Chip
      size="small"
      clickable
      label={translate('customers.details.open')}
      onClick={(event) => {
        event.stopPropagation()
        onOpen(record.customerId)
      }}
    />
  )
}
