import ActivateIcon from '@mui/icons-material/CheckCircleOutlineOutlined'
import { BulkStatusButton, useEditPath } from '@affix/admin-ui/plugin-api'
import DeactivateIcon from '@mui/icons-material/HighlightOff'
import {
  AutocompleteInput,
  BulkDeleteButton,
  DataTable,
  DateField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
} from 'react-admin'
import { ListActions } from '../shared/ListActions'
import { StatusField, statusChoices } from '../shared/StatusField'
import { ProductImportButton } from './ProductImport'

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="brandId"
    source="brandId"
    reference="manage/brand"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={statusChoices} />,
]

const ProductBulkActions = () => (
  <>
    <BulkStatusButton
      notification="brands.notifications.status_changed"
      status="active"
      label="brands.actions.activate"
      icon={<ActivateIcon />}
    />
    <BulkStatusButton
      notification="brands.notifications.status_changed"
      status="inactive"
      label="brands.actions.deactivate"
      icon={<DeactivateIcon />}
    />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
)

export const ProductList = () => {
  // A row opens the form, as before the record pages moved to /manage/product/{id}.
  const editPath = useEditPath()
  return (
    <List
      filters={productFilters}
      actions={
        <ListActions apiPath="/api/v1/brands/products">
          <ProductImportButton />
        </ListActions>
      }
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DataTable rowClick={(id) => editPath('manage/product', id)} bulkActionButtons={<ProductBulkActions />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="brandId">
          <ReferenceField source="brandId" reference="manage/brand" link="show" />
        </DataTable.Col>
        <DataTable.Col source="status" field={StatusField} />
        <DataTable.Col source="createdAt" field={DateField} />
      </DataTable>
    </List>
  )
}
