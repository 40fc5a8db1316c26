/*
 * The live progress of one of the kernel's background imports (GET /api/v1/imports/:id),
 * shared by every plugin that imports CSV files: each passes the prefix of its own
 * messages (progress, processed, imported, failed, cancel, cancelling, status.*, done.*,
 * download_failed).
 */
import type { AffixDataProvider } from '../plugin_api'
import { StatusTag } from './StatusTag'
import CancelIcon from '@mui/icons-material/Cancel'
import DownloadIcon from '@mui/icons-material/Download'
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { saveFile, useNotifyServerError } from '../plugin_kit'

export const IMPORTS_API = '/api/v1/imports'

export type ImportStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled' | 'imported_partially'

export interface ImportRecord {
  id: number
  pluginId?: string
  type: string
  status: ImportStatus
  fileName: string
  totalRows: number
  processedRows: number
  importedRows: number
  failedRows: number
  failedRowsUrl: string | null
  error: string | null
  cancelRequested?: boolean
  createdAt?: string
  startedAt?: string | null
  finishedAt?: string | null
}

export const RUNNING_STATUSES: readonly ImportStatus[] = ['queued', 'processing']
export const isRunning = (status: string | undefined) => RUNNING_STATUSES.includes(status as ImportStatus)

/** Percent done: processed of total rows (null while the total is not known yet). */
export function progressPercent(record: Pick<ImportRecord, 'status' | 'processedRows' | 'totalRows'>): number | null {
  if (!isRunning(record.status)) return 100
  if (!record.totalRows) return null
  return Math.min(100, Math.round((record.processedRows / record.totalRows) * 100))
}

/** How often a running import is asked for (spec: live progress). */
export const POLL_INTERVAL_MS = 1000

/**
 * The live progress of one background import: GET /api/v1/imports/:id every second while
 * it is queued or processing, with a Cancel button; once done, the counts and the
 * failed-rows file.
 */
export const ImportProgress = ({
  importId,
  initial,
  onDone,
  pollInterval = POLL_INTERVAL_MS,
  messages,
}: {
  importId: number
  /** Prefix of the plugin's import messages, e.g. `affiliates.import`. */
  messages: string
  initial?: ImportRecord
  onDone?: (record: ImportRecord) => void
  pollInterval?: number
}) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const notifyError = useNotifyServerError()
  const [cancelling, setCancelling] = useState(false)
  const queryKey = ['imports', importId]
  const { data: record, error } = useQuery({
    queryKey,
    initialData: initial,
    // The 202 answer is already a snapshot: ask again at once anyway, it may have moved on.
    initialDataUpdatedAt: 0,
    queryFn: async () => (await dataProvider.request<ImportRecord>(`${IMPORTS_API}/${importId}`)).data,
    refetchInterval: (query) => (isRunning(query.state.data?.status) || !query.state.data ? pollInterval : false),
    refetchIntervalInBackground: true,
  })

  const reported = useRef(false)
  useEffect(() => {
    if (record && !isRunning(record.status) && !reported.current) {
      reported.current = true
      onDone?.(record)
    }
  }, [record, onDone])

  if (!record)
    return error ? (
      <Alert severity="error">{(error as Error).message}</Alert>
    ) : (
      <LinearProgress aria-label={translate(`${messages}.progress`)} />
    )

  const cancel = async () => {
    setCancelling(true)
    try {
      const { data } = await dataProvider.request<ImportRecord>(`${IMPORTS_API}/${importId}/cancel`, {
        method: 'POST',
        body: {},
      })
      if (data && typeof data === 'object' && 'status' in data) queryClient.setQueryData(queryKey, data)
      else await queryClient.invalidateQueries({ queryKey })
    } catch (failure) {
      notifyError(failure)
    } finally {
      setCancelling(false)
    }
  }

  const downloadFailedRows = async () => {
    try {
      const { blob, fileName } = await dataProvider.downloadFile(
        record.failedRowsUrl ?? `${IMPORTS_API}/${importId}/failed-rows`
      )
      saveFile(blob, fileName)
    } catch (failure) {
      notifyError(failure)
    }
  }

  const running = isRunning(record.status)
  const percent = progressPercent(record)
  const severity =
    record.status === 'completed'
      ? 'success'
      : record.status === 'imported_partially' || record.status === 'cancelled'
        ? 'warning'
        : 'error'

  return (
    <Box data-testid="import-progress" data-status={record.status} sx={{ maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
          {record.fileName}
        </Typography>
        <StatusTag
          status={record.status}
          label={translate(`${messages}.status.${record.status}`, { _: record.status })}
        />
      </Stack>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={translate(`${messages}.progress`)}
        sx={{ height: 8, borderRadius: 1, mb: 1 }}
      />
      <Typography variant="body2" data-testid="import-processed">
        {translate(`${messages}.processed`, { processed: record.processedRows, total: record.totalRows })}
      </Typography>
      <Stack direction="row" spacing={3} sx={{ my: 1 }}>
        <Typography variant="body2" data-testid="import-imported">
          {translate(`${messages}.imported`, { smart_count: record.importedRows })}
        </Typography>
        <Typography variant="body2" data-testid="import-failed">
          {translate(`${messages}.failed`, { smart_count: record.failedRows })}
        </Typography>
      </Stack>
      {running ? (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<CancelIcon />}
          onClick={cancel}
          disabled={cancelling || record.cancelRequested}
        >
          {translate(`${messages}.${record.cancelRequested ? 'cancelling' : 'cancel'}`)}
        </Button>
      ) : (
        <>
          <Alert severity={severity} sx={{ my: 1 }}>
            {record.error ??
              translate(`${messages}.done.${record.status}`, {
                imported: record.importedRows,
                failed: record.failedRows,
                total: record.totalRows,
                _: record.status,
              })}
          </Alert>
          {record.failedRows > 0 && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadFailedRows}>
              {translate(`${messages}.download_failed`)}
            </Button>
          )}
        </>
      )}
    </Box>
  )
}
