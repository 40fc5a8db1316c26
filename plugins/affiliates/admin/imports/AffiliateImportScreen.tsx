import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState, type ChangeEvent } from 'react'
import { Title, useDataProvider, useNavigate, useTranslate } from 'react-admin'
import { AFFILIATES_API } from '../affiliates/paths'
import { saveFile } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { ImportProgress, type ImportRecord } from './ImportProgress'

export const IMPORT_MODES = {
  create: { upload: `${AFFILIATES_API}/import`, sample: `${AFFILIATES_API}/import/sample` },
  update: { upload: `${AFFILIATES_API}/import-update`, sample: `${AFFILIATES_API}/import-update/sample` },
} as const
export type ImportMode = keyof typeof IMPORT_MODES

/** The spec's upload limit (§5, §9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export function checkCsvFile(file: File | null): string | null {
  if (!file) return 'affiliates.validation.file_required'
  const isCsv = /\.csv$/i.test(file.name) || file.type === 'text/csv'
  if (!isCsv || file.size > MAX_UPLOAD_BYTES || file.size === 0) return 'affiliates.validation.invalid_file'
  return null
}

/**
 * /manage/affiliate/import: import new affiliates or update existing ones from a CSV file,
 * then follow the background import live.
 */
export const AffiliateImportScreen = () => {
  const translate = useTranslate()
  const navigate = useNavigate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notifyError = useNotifyServerError()
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<ImportMode>('create')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [started, setStarted] = useState<ImportRecord | null>(null)

  const downloadSample = async (which: ImportMode) => {
    try {
      const { blob, fileName } = await dataProvider.downloadFile(IMPORT_MODES[which].sample)
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
      const { data } = await dataProvider.upload<ImportRecord>(IMPORT_MODES[mode].upload, { file: file! })
      setStarted(data)
    } catch (failure) {
      const fields = (failure as { body?: { errors?: Record<string, string> } })?.body?.errors
      setError(fields?.file ?? (failure instanceof Error ? failure.message : translate('ra.notification.http_error')))
    } finally {
      setUploading(false)
    }
  }

  const startOver = () => {
    setStarted(null)
    setFile(null)
  }

  // The list shows the new affiliates once the import is done.
  const onDone = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['affiliates'] }), [queryClient])

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('affiliates.import.title')} />
      <Card sx={{ maxWidth: 800 }}>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('affiliates.import.title')}
          </Typography>
          {started ? (
            <>
              <ImportProgress importId={started.id} initial={started} onDone={onDone} />
              <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                <Button onClick={startOver}>{translate('affiliates.import.another')}</Button>
                <Button onClick={() => navigate('/manage/affiliate')}>{translate('affiliates.import.to_list')}</Button>
                <Button onClick={() => navigate('/uploads')}>{translate('affiliates.import.to_uploads')}</Button>
              </Stack>
            </>
          ) : (
            <>
              <FormControl sx={{ mb: 2 }}>
                <FormLabel id="affiliate-import-mode">{translate('affiliates.import.mode')}</FormLabel>
                <RadioGroup
                  aria-labelledby="affiliate-import-mode"
                  value={mode}
                  onChange={(event) => setMode(event.target.value as ImportMode)}
                >
                  <FormControlLabel
                    value="create"
                    control={<Radio />}
                    label={translate('affiliates.import.mode_create')}
                  />
                  <FormControlLabel
                    value="update"
                    control={<Radio />}
                    label={translate('affiliates.import.mode_update')}
                  />
                </RadioGroup>
              </FormControl>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate(mode === 'create' ? 'affiliates.import.help_create' : 'affiliates.import.help_update')}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
                <Link component="button" type="button" onClick={() => downloadSample('create')}>
                  {translate('affiliates.import.sample_create')}
                </Link>
                <Link component="button" type="button" onClick={() => downloadSample('update')}>
                  {translate('affiliates.import.sample_update')}
                </Link>
              </Stack>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
                  {translate('affiliates.import.choose')}
                  <input
                    hidden
                    type="file"
                    accept=".csv,text/csv"
                    onChange={chooseFile}
                    data-testid="affiliate-import-file"
                  />
                </Button>
                <Typography variant="body2">{file?.name ?? translate('affiliates.import.no_file')}</Typography>
              </Stack>
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              )}
              <Button variant="contained" sx={{ mt: 2 }} onClick={upload} disabled={uploading}>
                {translate(uploading ? 'affiliates.import.uploading' : 'affiliates.import.upload')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  )
}

export default AffiliateImportScreen
