import DownloadIcon from '@mui/icons-material/Download'
import { Button, DataTable, DateField, List, SelectInput, useTranslate } from 'react-admin'
import { useApi, useNotifyError } from '../api'
import { CORE_RESOURCES } from '../resources'
import { StatusChip } from '../shared/StatusChip'

export const EXPORT_STATUSES = ['exporting', 'exported', 'failed'] as const

interface ExportRecord {
  id: number
  resource: string
  status: (typeof EXPORT_STATUSES)[number]
  fileName: string
  rowCount: number
  createdAt?: string
  fileUrl: string | null
}

const FileButton = ({ record }: { record: ExportRecord }) => {
  const api = useApi()
  const notifyError = useNotifyError()
  if (!record.fileUrl) return null
  return (
    <Button
      label="affix.screens.downloads.download"
      onClick={(event) => {
        event.stopPropagation()
        api.download(record.fileUrl!).catch(notifyError)
      }}
      startIcon={<DownloadIcon />}
    />
  )
}

const ResourceField = ({ record }: { record: ExportRecord }) => {
  const translate = useTranslate()
  return <>{translate(`resources.${record.resource}.name`, { smart_count: 2, _: record.resource })}</>
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="affix.screens.downloads.fields.status"
    choices={EXPORT_STATUSES.map((id) => ({ id, name: `affix.screens.status.${id}` }))}
    alwaysOn
  />,
]

/** /downloads: the caller's exports (spec §4 "Export: exporting, exported"), downloadable again. */
export const DownloadsScreen = () => {
  const translate = useTranslate()
  return (
    <List
      resource={CORE_RESOURCES.exports}
      title={translate('affix.screens.downloads.title')}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      disableAuthentication
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" label="affix.screens.downloads.fields.createdAt" field={DateField} />
        <DataTable.Col
          source="resource"
          label="affix.screens.downloads.fields.resource"
          render={(record: ExportRecord) => <ResourceField record={record} />}
        />
        <DataTable.Col source="fileName" label="affix.screens.downloads.fields.fileName" disableSort />
        <DataTable.Col
          source="status"
          label="affix.screens.downloads.fields.status"
          render={(record: ExportRecord) => <StatusChip status={record.status} />}
        />
        <DataTable.Col source="rowCount" label="affix.screens.downloads.fields.rowCount" disableSort />
        <DataTable.Col label="" disableSort render={(record: ExportRecord) => <FileButton record={record} />} />
      </DataTable>
    </List>
  )
}

export default DownloadsScreen
