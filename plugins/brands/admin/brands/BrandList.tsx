import ActivateIcon from '@mui/icons-material/CheckCircleOutlineOutlined'
import { BulkStatusButton, useEditPath } from '@affix/admin-ui/plugin-api'
import DeactivateIcon from '@mui/icons-material/HighlightOff'
import {
  BulkDeleteButton,
  DataTable,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectInput,
  UrlField,
} from 'react-admin'
import { ListActions } from '../shared/ListActions'
import { StatusField, statusChoices } from '../shared/StatusField'

const brandFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
]

const BrandBulkActions = () => (
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

export const BrandList = () => {
  // A row opens the form, as before the record pages moved to /manage/brand/{id}.
  const editPath = useEditPath()
  return (
    <List
      filters={brandFilters}
      actions={<ListActions apiPath="/api/v1/brands/brands" />}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DataTable rowClick={(id) => editPath('manage/brand', id)} bulkActionButtons={<BrandBulkActions />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col source="status" field={StatusField} />
        {/* The API cannot sort on website. */}
        <DataTable.Col source="website" field={UrlField} disableSort />
        <DataTable.Col source="createdAt" field={DateField} />
      </DataTable>
    </List>
  )
}
