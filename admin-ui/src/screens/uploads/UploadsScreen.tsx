import DownloadIcon from '@mui/icons-material/Download'
import { Button, DataTable, DateField, List, SelectInput, useTranslate } from 'react-admin'
import { useApi, useNotifyError } from '../api'
import { CORE_RESOURCES } from '../resources'
import { StatusChip } from '../shared/StatusChip'

export const IMPORT_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'imported_partially',
] as const

interface ImportRecord {
  id: number
  pluginId?: string
  type: string
  status: (typeof IMPORT_STATUSES)[number]
  fileName: string
  totalRows: number
  importedRows: number
  failedRows: number
  createdAt?: string
}

const FailedRowsButton = ({ record }: { record: ImportRecord }) => {
  const api = useApi()
  const notifyError = useNotifyError()
  if (!record.failedRows) return null
  return (
    <Button
      label="affix.screens.uploads.download_failed"
      onClick={(event) => {
        // The row itself is not a link: keep the click on the button.
        event.stopPropagation()
        api.download(`/api/v1/imports/${record.id}/failed-rows`).catch(notifyError)
      }}
      startIcon={<DownloadIcon />}
    />
  )
}

const TypeField = ({ record }: { record: ImportRecord }) => {
  const translate = useTranslate()
  return <>{translate(`affix.screens.uploads.types.${record.type}`, { _: record.type })}</>
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="affix.screens.uploads.fields.status"
    choices={IMPORT_STATUSES.map((id) => ({ id, name: `affix.screens.status.${id}` }))}
    alwaysOn
  />,
]

/** /uploads: the import history (CSV uploads of every feature), with the failed rows to download. */
export const UploadsScreen = () => {
  const translate = useTranslate()
  return (
    <List
      resource={CORE_RESOURCES.imports}
      title={translate('affix.screens.uploads.title')}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" label="affix.screens.uploads.fields.createdAt" field={DateField} />
        <DataTable.Col
          source="type"
          label="affix.screens.uploads.fields.type"
          render={(record: ImportRecord) => <TypeField record={record} />}
        />
        <DataTable.Col source="fileName" label="affix.screens.uploads.fields.fileName" disableSort />
        <DataTable.Col
          source="status"
          label="affix.screens.uploads.fields.status"
          render={(record: ImportRecord) => <StatusChip status={record.status} />}
        />
        <DataTable.Col source="totalRows" label="affix.screens.uploads.fields.totalRows" disableSort />
        <DataTable.Col source="importedRows" label="affix.screens.uploads.fields.importedRows" disableSort />
        <DataTable.Col source="failedRows" label="affix.screens.uploads.fields.failedRows" disableSort />
        <DataTable.Col label="" disableSort render={(record: ImportRecord) => <FailedRowsButton record={record} />} />
      </DataTable>
    </List>
  )
}

export default UploadsScreen
