import {
  BooleanField,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  SearchInput,
  TopToolbar,
} from 'react-admin'

const groupFilters = [<SearchInput key="q" source="q" alwaysOn />]

export const GroupList = () => (
  <List
    filters={groupFilters}
    actions={
      <TopToolbar>
        <FilterButton />
        <CreateButton />
      </TopToolbar>
    }
    sort={{ field: 'name', order: 'ASC' }}
  >
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="name" label="affiliates.groups.fields.name" />
      <DataTable.Col source="parentGroupName" label="affiliates.groups.fields.parentGroupId" disableSort />
      <DataTable.Col source="affiliateCount" label="affiliates.groups.fields.affiliateCount" disableSort />
      <DataTable.Col source="inUse" label="affiliates.groups.fields.inUse" field={BooleanField} disableSort />
      <DataTable.Col source="createdAt" label="affiliates.fields.createdAt" field={DateField} />
    </DataTable>
  </List>
)
