import ActivateIcon from '@mui/icons-material/CheckCircleOutlineOutlined'
import { BulkStatusButton } from '@affix/admin-ui/plugin-api'
import DeactivateIcon from '@mui/icons-material/HighlightOff'
import {
  BulkDeleteButton,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin'
import { MediaStatusField } from '../shared/MediaStatusField'
import { MediaThumbnail } from './MediaThumbnail'
import { statusChoices, typeChoices } from './model'

const mediaFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
]

const MediaBulkActions = () => (
  <>
    <BulkStatusButton
      notification="media.notifications.status_changed"
      status="active"
      label="media.actions.activate"
      icon={<ActivateIcon />}
    />
    <BulkStatusButton
      notification="media.notifications.status_changed"
      status="inactive"
      label="media.actions.deactivate"
      icon={<DeactivateIcon />}
    />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
)

const MediaListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
  </TopToolbar>
)

/** Media and creatives; affiliates (read-only) get no selection, create or bulk actions. */
export const MediaList = () => {
  const { canAccess: canManage } = useCanAccess({ resource: 'media', action: 'edit' })
  return (
    <List filters={mediaFilters} actions={<MediaListActions />} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={canManage ? <MediaBulkActions /> : false}>
        <DataTable.Col source="file" label="resources.manage/media.fields.preview" field={MediaThumbnail} disableSort />
        <DataTable.Col source="title" />
        <DataTable.Col source="type">
          <SelectField source="type" choices={typeChoices} />
        </DataTable.Col>
        <DataTable.Col source="status" field={MediaStatusField} />
        <DataTable.Col source="campaignIds" label="resources.manage/media.fields.campaignCount" disableSort>
          <FunctionField source="campaignIds" render={(record) => (record?.campaignIds ?? []).length} />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={DateField} />
      </DataTable>
    </List>
  )
}
