import type { AffixDataProvider, ImportSummary } from '@affix/admin-ui/plugin-api'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useState, type ChangeEvent } from 'react'
import { saveFile } from '@affix/admin-ui/plugin-api'
import { Button, useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin'

/** Failures listed in the dialog; all of them are in the downloadable file. */
const SHOWN_FAILURES = 20

const ImportResult = ({ summary }: { summary: ImportSummary }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const failedRowsUrl = summary.failedRowsUrl

  const downloadFailedRows = async () => {
    if (!failedRowsUrl) return
    try {
      const { blob, fileName } = await dataProvider.downloadFile(failedRowsUrl)
      saveFile(blob, fileName)
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' })
    }
  }

  return (
    <>
      <Alert
        severity={summary.failedRows === 0 ? 'success' : summary.importedRows === 0 ? 'error' : 'warning'}
        sx={{ mt: 2 }}
      >
        {translate('resources.manage/product.import.summary', {
          imported: summary.importedRows,
          total: summary.totalRows,
          failed: summary.failedRows,
        })}
      </Alert>
      {summary.failures.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('resources.manage/product.import.failures')}
          </Typography>
          <Table size="small" aria-label={translate('resources.manage/product.import.failures')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.manage/product.import.line')}</TableCell>
                <TableCell>{translate('resources.manage/product.import.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.failures.slice(0, SHOWN_FAILURES).map((failure) => (
                <TableRow key={failure.line}>
                  <TableCell>{failure.line}</TableCell>
                  <TableCell>{failure.error}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {summary.failures.length > SHOWN_FAILURES && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('resources.manage/product.import.more_failures', {
                smart_count: summary.failures.length - SHOWN_FAILURES,
              })}
            </Typography>
          )}
        </>
      )}
      {failedRowsUrl && summary.failedRows > 0 && (
        <Link component="button" type="button" onClick={downloadFailedRows} sx={{ mt: 2, display: 'inline-block' }}>
          {translate('resources.manage/product.import.download_failed')}
        </Link>
      )}
    </>
  )
}

/** "Import CSV" on the product list: uploads a file and shows what was imported and what failed. */
export const ProductImportButton = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const refresh = useRefresh()
  const { canAccess } = useCanAccess({ resource: 'products', action: 'import' })
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [uploading, setUploading] = useState(false)
  const [summary, setSummary] = useState<ImportSummary | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (!canAccess) return null

  const reset = () => {
    setFile(null)
    setSummary(null)
    setError(null)
  }
  const close = () => {
    setOpen(false)
    reset()
  }
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    reset()
    setFile(event.target.files?.[0] ?? null)
  }
  const upload = async () => {
    if (!file) return
    setUploading(true)
    setError(null)
    try {
      const { data } = await dataProvider.importCsv('manage/product', { file })
      setSummary(data)
      if (data.importedRows > 0) refresh()
    } catch (uploadError) {
      setError(uploadError instanceof Error ? uploadError.message : translate('ra.notification.http_error'))
    } finally {
      setUploading(false)
    }
  }

  return (
    <>
      <Button label="resources.manage/product.import.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="product-import-title">
        <DialogTitle id="product-import-title">{translate('resources.manage/product.import.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('resources.manage/product.import.help')}
          </Typography>
          <MuiButton variant="outlined" component="label" startIcon={<UploadFileIcon />} sx={{ mt: 1 }}>
            {translate('resources.manage/product.import.choose')}
            <input hidden type="file" accept=".csv,text/csv" onChange={chooseFile} data-testid="product-import-file" />
          </MuiButton>
          {file && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {file.name}
            </Typography>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          {summary && <ImportResult summary={summary} />}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.close')}</MuiButton>
          <MuiButton variant="contained" onClick={upload} disabled={!file || uploading || summary !== null}>
            {translate(
              uploading ? 'resources.manage/product.import.uploading' : 'resources.manage/product.import.upload'
            )}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  )
}
