import { StatusTag } from '@affix/admin-ui/plugin-api'
import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  UrlField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { statusChoices } from './model'

const deepLinkFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
]

const DeepLinkStatusField = (_props: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record?.status) return null
  return (
    <StatusTag status={record.status} label={translate(`deep_links.status.${record.status}`, { _: record.status })} />
  )
}

/** Deep links (feature edl: without it the server grants no `deep-links` ability, so the menu hides them). */
export const DeepLinkList = () => {
  const { canAccess: canManage } = useCanAccess({ resource: 'deep-links', action: 'edit' })
  const campaigns = useCampaignsAvailable()
  return (
    <List filters={deepLinkFilters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable rowClick={canManage ? 'edit' : false} bulkActionButtons={canManage ? undefined : false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="url" disableSort>
          <UrlField
            source="url"
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => event.stopPropagation()}
          />
        </DataTable.Col>
        <DataTable.Col source="status" field={DeepLinkStatusField} />
        {campaigns && (
          <DataTable.Col source="campaignId">
            <ReferenceField source="campaignId" reference="manage/campaign" link={false} emptyText="—" />
          </DataTable.Col>
        )}
        <DataTable.Col source="createdAt" field={DateField} />
      </DataTable>
    </List>
  )
}
