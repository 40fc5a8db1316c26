/*
 * The CSV imports of customers, activity and FX rates: the sample file, the upload, then
 * the kernel's background import followed live (progress, cancel, failed-rows file).
 */
import {
  ImportProgress,
  saveFile,
  useNotifyServerError,
  type AffixDataProvider,
  type ImportRecord,
} from '@affix/admin-ui/plugin-api'
import DownloadIcon from '@mui/icons-material/Download'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState, type ChangeEvent } from 'react'
import { Title, useDataProvider, useNavigate, useTranslate } from 'react-admin'
import { ACTIVITY_API, CUSTOMERS_API, FX_RATES_API } from '../model'

export const CSV_IMPORTS = {
  customers: { api: CUSTOMERS_API, list: '/engagements/customer', resource: 'engagements/customer' },
  activity: { api: ACTIVITY_API, list: '/engagements/activity', resource: 'engagements/activity' },
  'fx-rates': { api: FX_RATES_API, list: '/configuration/fx-rates', resource: 'configuration/fx-rates' },
} as const
export type CsvImportKind = keyof typeof CSV_IMPORTS

/** The kernel's upload limit (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Why a picked file cannot be sent (a message key), or null. */
export function checkCsvFile(file: File | null): string | null {
  if (!file) return 'customers.import.file_required'
  const isCsv = /\.csv$/i.test(file.name) || file.type === 'text/csv'
  if (!isCsv || file.size === 0 || file.size > MAX_UPLOAD_BYTES) return 'customers.import.invalid_file'
  return null
}

export const CsvImportScreen = ({ kind }: { kind: CsvImportKind }) => {
  const translate = useTranslate()
  const navigate = useNavigate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notifyError = useNotifyServerError()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [started, setStarted] = useState<ImportRecord | null>(null)
  const target = CSV_IMPORTS[kind]
  const title = translate(`customers.import.title_${kind.replace('-', '_')}`)

  const downloadSample = async () => {
    try {
      const { blob, fileName } = await dataProvider.downloadFile(`${target.api}/sample`)
      saveFile(blob, fileName)
    } catch (failure) {
      notifyError(failure)
    }
  }

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null)
    setError(null)
  }

  const upload = async () => {
    const problem = checkCsvFile(file)
    if (problem) {
      setError(translate(problem))
      return
    }
    setUploading(true)
    setError(null)
    try {
      const { data } = await dataProvider.upload<ImportRecord>(`${target.api}/import`, { file: file! })
      setStarted(data)
    } catch (failure) {
      const fields = (failure as { body?: { errors?: Record<string, string> } })?.body?.errors
      setError(fields?.file ?? (failure instanceof Error ? failure.message : translate('ra.notification.http_error')))
    } finally {
      setUploading(false)
    }
  }

  // The lists show the imported rows once the import is done.
  const onDone = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [target.resource] }),
    [queryClient, target]
  )

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Card sx={{ maxWidth: 800 }}>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {title}
          </Typography>
          {started ? (
            <>
              <ImportProgress messages="customers.import" importId={started.id} initial={started} onDone={onDone} />
              <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                <Button
                  onClick={() => {
                    setStarted(null)
                    setFile(null)
                  }}
                >
                  {translate('customers.import.another')}
                </Button>
                <Button onClick={() => navigate(target.list)}>{translate('customers.import.to_list')}</Button>
                <Button onClick={() => navigate('/uploads')}>{translate('customers.import.to_uploads')}</Button>
              </Stack>
            </>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate(`customers.import.help_${kind.replace('-', '_')}`)}
              </Typography>
              <Button startIcon={<DownloadIcon />} onClick={downloadSample} sx={{ mb: 2 }}>
                {translate('customers.import.sample')}
              </Button>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
                  {translate('customers.import.choose')}
                  <input
                    hidden
                    type="file"
                    accept=".csv,text/csv"
                    onChange={chooseFile}
                    data-testid="csv-import-file"
                  />
                </Button>
                <Typography variant="body2">{file?.name ?? translate('customers.import.no_file')}</Typography>
              </Stack>
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              )}
              <Button variant="contained" sx={{ mt: 2 }} onClick={upload} disabled={uploading}>
                {translate(uploading ? 'customers.import.uploading' : 'customers.import.upload')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  )
}

export const CustomersImport = () => <CsvImportScreen kind="customers" />
export const ActivityImport = () => <CsvImportScreen kind="activity" />
export const FxRatesImport = () => <CsvImportScreen kind="fx-rates" />
