/*
 * /engagements/conversion: registration, FTD, deposit and cumulative-deposit events with
 * their conversion-cap decision, filtered like the other reports and exported on the server.
 */
import { ServerExportButton, StatusTag } from '@affix/admin-ui/plugin-api'
import {
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { CAP_STATUSES, CONVERSION_TYPES, CONVERSIONS_API, customerDetailsPath, type Conversion } from '../model'
import { formatAmount } from '../shared/fields'
import { commonFilters, useFilterAccess, type FilterAccess } from '../shared/filters'
import { ListError } from '../shared/ListError'

const FIELD = 'resources.engagements/conversion.fields'
const CAP_STATUS_TAG: Record<string, string> = { none: 'active', counted: 'success', denied: 'rejected' }

const filtersFor = (access: FilterAccess) => [
  <SelectInput
    key="type"
    source="type"
    label={`${FIELD}.type`}
    choices={CONVERSION_TYPES.map((id) => ({ id, name: `customers.conversion_types.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="capStatus"
    source="capStatus"
    label={`${FIELD}.capStatus`}
    choices={CAP_STATUSES.map((id) => ({ id, name: `customers.cap_statuses.${id}` }))}
  />,
  ...commonFilters(access),
]

const TypeField = (_props: { label?: string }) => {
  const record = useRecordContext<Conversion>()
  const translate = useTranslate()
  if (!record) return null
  return <>{translate(`customers.conversion_types.${record.type}`, { _: record.type })}</>
}

const AmountField = (_props: { label?: string }) => {
  const record = useRecordContext<Conversion>()
  if (!record) return null
  return <>{formatAmount(record.amount, record.currency)}</>
}

const CapField = (_props: { label?: string }) => {
  const record = useRecordContext<Conversion>()
  const translate = useTranslate()
  if (!record) return null
  const label = translate(`customers.cap_statuses.${record.capStatus}`, { _: record.capStatus })
  return (
    <StatusTag
      status={CAP_STATUS_TAG[record.capStatus] ?? record.capStatus}
      label={record.capAction ? `${label} (${record.capAction})` : label}
    />
  )
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ServerExportButton apiPath={CONVERSIONS_API} />
  </TopToolbar>
)

export const ConversionList = () => {
  const access = useFilterAccess()
  return (
    <List
      filters={filtersFor(access)}
      actions={<ListActions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      error={<ListError />}
    >
      {/* A conversion opens its customer's details (profile, attribution, activity by day). */}
      <DataTable
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) => (record?.customerId ? customerDetailsPath(record.customerId) : false)}
      >
        <DataTable.Col source="date" label={`${FIELD}.date`} />
        <DataTable.Col source="type" label={`${FIELD}.type`} field={TypeField} disableSort />
        <DataTable.Col source="cuid" label={`${FIELD}.cuid`} disableSort />
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
        <DataTable.Col source="amount" label={`${FIELD}.amount`} field={AmountField} disableSort />
        <DataTable.Col source="capStatus" label={`${FIELD}.capStatus`} field={CapField} disableSort />
      </DataTable>
    </List>
  )
}
