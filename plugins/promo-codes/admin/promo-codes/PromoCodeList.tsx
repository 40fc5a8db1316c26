import {
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin'
import { PromoCodeStatusField } from '../shared/PromoCodeStatusField'
import { ServerExportButton } from '@affix/admin-ui/plugin-api'
import { PROMO_CODES_API, originChoices, statusChoices, typeChoices } from './model'

const promoCodeFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
]

const PromoCodeListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ServerExportButton apiPath={PROMO_CODES_API} />
  </TopToolbar>
)

const formatBonus = (record: { bonus?: string; bonusCurrency?: string }) => {
  const amount = Number(record?.bonus ?? 0)
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: record.bonusCurrency || 'USD' }).format(
      amount
    )
  } catch {
    return `${record?.bonus ?? ''} ${record?.bonusCurrency ?? ''}`.trim()
  }
}

/** Promo codes; affiliates (read-only) see the codes that apply to them, without the affiliate column. */
export const PromoCodeList = () => {
  const { canAccess: canManage } = useCanAccess({ resource: 'promo-codes', action: 'edit' })
  // An affiliate may not read affiliates: resolving the column would be refused.
  const { canAccess: canReadAffiliates } = useCanAccess({ resource: 'affiliates', action: 'list' })
  return (
    <List filters={promoCodeFilters} actions={<PromoCodeListActions />} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable rowClick={canManage ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="bonus">
          <FunctionField source="bonus" render={formatBonus} />
        </DataTable.Col>
        <DataTable.Col source="type">
          <SelectField source="type" choices={typeChoices} />
        </DataTable.Col>
        <DataTable.Col source="origin" disableSort>
          <SelectField source="origin" choices={originChoices} />
        </DataTable.Col>
        <DataTable.Col source="status" field={PromoCodeStatusField} />
        {canReadAffiliates && (
          <DataTable.Col source="affiliateId" disableSort>
            <ReferenceField source="affiliateId" reference="manage/affiliate" link={false} emptyText="—" />
          </DataTable.Col>
        )}
        <DataTable.Col source="startDate">
          <DateField source="startDate" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="endDate">
          <DateField source="endDate" showTime emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  )
}
