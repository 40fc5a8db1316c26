/*
 * /engagements/customer: the players, filtered by brand, campaign, affiliate, country,
 * status, attribution source and registration dates, exported on the server. A row opens
 * the customer's details. Affiliates see their own players, ids masked as the server sends
 * them, and no affiliate column.
 */
import { ServerExportButton } from '@affix/admin-ui/plugin-api'
import {
  DataTable,
  DateField,
  FilterButton,
  List,
  ReferenceField,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { ATTRIBUTION_SOURCES, CUSTOMER_STATUSES, CUSTOMERS_API, customerDetailsPath, type Customer } from '../model'
import { CustomerStatusField } from '../shared/fields'
import { EmptyWithActions } from '../shared/EmptyWithActions'
import { ImportLink } from '../shared/ImportLink'
import { commonFilters, useFilterAccess, type FilterAccess } from '../shared/filters'
import { ListError } from '../shared/ListError'

const FIELD = 'resources.engagements/customer.fields'

const filtersFor = (access: FilterAccess) => [
  <TextInput key="q" source="q" label="customers.filters.search_customers" alwaysOn />,
  ...commonFilters(access),
  <SelectInput
    key="status"
    source="status"
    label="customers.filters.status"
    choices={CUSTOMER_STATUSES.map((id) => ({ id, name: `customers.status.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="source"
    source="source"
    label="customers.filters.source"
    choices={ATTRIBUTION_SOURCES.map((id) => ({ id, name: `customers.sources.${id}` }))}
  />,
]

const SourceField = (_props: { label?: string }) => {
  const record = useRecordContext<Customer>()
  const translate = useTranslate()
  if (!record) return null
  return <>{translate(`customers.sources.${record.attributionSource}`, { _: record.attributionSource })}</>
}

const ListActions = ({ imports }: { imports: boolean }) => (
  <TopToolbar>
    <FilterButton />
    {imports && <ImportLink to="/engagements/customer/import" />}
    <ServerExportButton apiPath={CUSTOMERS_API} />
  </TopToolbar>
)

export const CustomerList = () => {
  const access = useFilterAccess()
  const { canAccess: imports = false } = useCanAccess({ resource: 'customers', action: 'import' })
  return (
    <List
      filters={filtersFor(access)}
      actions={<ListActions imports={imports} />}
      sort={{ field: 'registeredAt', order: 'DESC' }}
      perPage={25}
      error={<ListError />}
      empty={<EmptyWithActions>{imports && <ImportLink to="/engagements/customer/import" />}</EmptyWithActions>}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => customerDetailsPath(id)}>
        <DataTable.Col source="cuid" label={`${FIELD}.cuid`} />
        <DataTable.Col source="registeredAt" label={`${FIELD}.registeredAt`}>
          <DateField source="registeredAt" showTime />
        </DataTable.Col>
        {access.readsBrands && (
          <DataTable.Col source="brandId" label={`${FIELD}.brandId`} disableSort>
            {/* No links in these rows (a row opens its own page): with the default ones the list sometimes hit React's update-depth limit (error #185). */}
            <ReferenceField source="brandId" reference="manage/brand" link={false} emptyText="—" />
          </DataTable.Col>
        )}
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
        <DataTable.Col source="country" label={`${FIELD}.country`} disableSort />
        <DataTable.Col
          source="attributionSource"
          label={`${FIELD}.attributionSource`}
          field={SourceField}
          disableSort
        />
        <DataTable.Col source="status" label={`${FIELD}.status`} field={CustomerStatusField} disableSort />
      </DataTable>
    </List>
  )
}
