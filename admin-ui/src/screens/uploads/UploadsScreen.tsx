import CancelIcon from '@mui/icons-material/Cancel'
import DownloadIcon from '@mui/icons-material/Download'
import { Box, LinearProgress, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { Button, DataTable, DateField, List, SelectInput, useListContext, useNotify, useTranslate } from 'react-admin'
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

/** Statuses of an import still under way: it shows its progress and can be cancelled. */
export const RUNNING_IMPORT_STATUSES: readonly string[] = ['queued', 'processing']
/** How often the list is reloaded while an import runs. */
export const UPLOADS_REFRESH_MS = 2000

export interface ImportRecord {
  id: number
  pluginId?: string
  type: string
  status: (typeof IMPORT_STATUSES)[number]
  fileName: string
  totalRows: number
  processedRows?: number
  importedRows: number
  failedRows: number
  cancelRequested?: boolean
  createdAt?: string
}

export const isImportRunning = (record: Pick<ImportRecord, 'status'>) => RUNNING_IMPORT_STATUSES.includes(record.status)

/** processedRows of totalRows as a percentage; null while the total is unknown (indeterminate bar). */
export function importPercent(record: Pick<ImportRecord, 'status' | 'processedRows' | 'totalRows'>): number | null {
  if (!isImportRunning(record)) return 100
  if (!record.totalRows) return null
  return Math.min(100, Math.round(((record.processedRows ?? 0) / record.totalRows) * 100))
}

export const ProgressCell = ({ record }: { record: ImportRecord }) => {
  const translate = useTranslate()
  if (!isImportRunning(record)) return null
  const percent = importPercent(record)
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={translate('affix.screens.uploads.fields.progress')}
      />
      <Typography variant="caption">
        {translate('affix.screens.uploads.processed', {
          processed: record.processedRows ?? 0,
          total: record.totalRows ?? 0,
        })}
      </Typography>
    </Box>
  )
}

const CancelImportButton = ({ record }: { record: ImportRecord }) => {
  const api = useApi()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const { refetch } = useListContext()
  const [busy, setBusy] = useState(false)
  if (!isImportRunning(record)) return null
  return (
    <Button
      label="affix.screens.uploads.cancel"
      disabled={busy || record.cancelRequested}
      onClick={async (event) => {
        event.stopPropagation()
        setBusy(true)
        try {
          await api.post(`/api/v1/imports/${record.id}/cancel`)
          notify('affix.screens.uploads.cancelled', { type: 'info' })
          await refetch?.()
        } catch (error) {
          notifyError(error)
        } finally {
          setBusy(false)
        }
      }}
      startIcon={<CancelIcon />}
    />
  )
}

/** Reloads the page of imports while one of them is queued or processing. */
const RefreshWhileRunning = ({ interval = UPLOADS_REFRESH_MS }: { interval?: number }) => {
  const { data, refetch } = useListContext<ImportRecord>()
  const running = (data ?? []).some(isImportRunning)
  useEffect(() => {
    if (!running || !refetch) return
    const timer = setInterval(() => void refetch(), interval)
    return () => clearInterval(timer)
  }, [running, refetch, interval])
  return null
}

const FailedRowsButton = ({ record }: { record: ImportRecord }) => {
  const api = useApi()
  const notifyError = useNotifyError()
  if (!record.failedRows || isImportRunning(record)) return null
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

/**
 * /uploads: the import history (CSV uploads of every feature) with the progress of running
 * imports (reloaded while one runs), cancel for queued or processing ones, and the failed
 * rows to download.
 */
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
      <RefreshWhileRunning />
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
        <DataTable.Col
          label="affix.screens.uploads.fields.progress"
          disableSort
          render={(record: ImportRecord) => <ProgressCell record={record} />}
        />
        <DataTable.Col source="totalRows" label="affix.screens.uploads.fields.totalRows" disableSort />
        <DataTable.Col source="importedRows" label="affix.screens.uploads.fields.importedRows" disableSort />
        <DataTable.Col source="failedRows" label="affix.screens.uploads.fields.failedRows" disableSort />
        <DataTable.Col
          label=""
          disableSort
          render={(record: ImportRecord) => (
            <>
              <CancelImportButton record={record} />
              <FailedRowsButton record={record} />
            </>
          )}
        />
      </DataTable>
    </List>
  )
}

export default UploadsScreen
