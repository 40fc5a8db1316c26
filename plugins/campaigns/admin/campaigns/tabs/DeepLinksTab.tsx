import { Typography } from '@mui/material'
import {
  DataTable,
  DateField,
  ListContextProvider,
  useCanAccess,
  useGetList,
  useList,
  useRecordContext,
  useTranslate,
} from 'react-admin'

/** The campaign's deep links (organisations with feature edl; the deep-links plugin owns them). */
export const DeepLinksTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const { canAccess } = useCanAccess({ resource: 'deep-links', action: 'read' })
  const { data = [], isPending } = useGetList(
    'manage/deep-links',
    {
      filter: { campaignId: record?.id },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: Boolean(canAccess && record) }
  )
  const listContext = useList({ data, isPending })
  if (!canAccess) return <Typography variant="body2">{translate('campaigns.deep_links.unavailable')}</Typography>
  if (!isPending && !data.length)
    return <Typography variant="body2">{translate('campaigns.deep_links.empty')}</Typography>
  return (
    <ListContextProvider value={listContext}>
      <DataTable resource="manage/deep-links" bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" label="campaigns.deep_links.name" />
        <DataTable.Col source="url" label="campaigns.deep_links.url" />
        <DataTable.Col source="status" label="resources.manage/campaign.fields.status" />
        <DataTable.Col source="createdAt" label="resources.manage/campaign.fields.createdAt" field={DateField} />
      </DataTable>
    </ListContextProvider>
  )
}
