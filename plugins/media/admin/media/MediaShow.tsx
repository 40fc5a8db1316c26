import UploadIcon from '@mui/icons-material/UploadFile'
import DownloadIcon from '@mui/icons-material/GetApp'
import {
  Box,
  Card,
  CardContent,
  Grid,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useId, useState } from 'react'
import {
  Button,
  DateField,
  Labeled,
  SelectField,
  Show,
  TextField,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin'
import { MediaStatusField } from '../shared/MediaStatusField'
import { EditButton, useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { BannerCodePanel } from './BannerCodePanel'
import { FilePreview } from './MediaFileInput'
import { NO_BANNER_CODE_TYPES, acceptFor, isHtmlFile, isImageFile, takesFile, typeChoices } from './model'
import { replaceMediaFile } from './save'
import { mediaFilePath, useMediaFileBlob } from './useMediaFile'

const ReplaceFileButton = () => {
  const record = useRecordContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const refresh = useRefresh()
  const notifyServerError = useNotifyServerError()
  const inputId = useId()
  const [busy, setBusy] = useState(false)
  const { canAccess } = useCanAccess({ resource: 'media', action: 'edit' })
  if (!record || !canAccess || !takesFile(record.type)) return null
  const upload = async (file: File) => {
    setBusy(true)
    try {
      await replaceMediaFile(dataProvider, record.id, file)
      notify('media.notifications.file_replaced', { type: 'info' })
      refresh()
    } catch (error) {
      notifyServerError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button
        label="media.actions.replace_file"
        disabled={busy}
        onClick={() => document.getElementById(inputId)?.click()}
      >
        <UploadIcon />
      </Button>
      <input
        id={inputId}
        type="file"
        hidden
        accept={acceptFor(record.type)}
        data-testid="media-replace-file"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void upload(file)
        }}
      />
    </>
  )
}

const MediaShowActions = () => (
  <TopToolbar>
    <ReplaceFileButton />
    <EditButton />
  </TopToolbar>
)

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`

const MediaDetail = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notifyServerError = useNotifyServerError()
  const file = record?.file
  const previewable = isImageFile(file) || isHtmlFile(file)
  const { blob } = useMediaFileBlob(record, previewable)
  if (!record) return null

  const download = async () => {
    try {
      const { blob: downloaded, fileName } = await dataProvider.downloadFile(mediaFilePath(record.id), {
        notFoundPage: false,
      })
      const url = URL.createObjectURL(downloaded)
      const anchor = document.createElement('a')
      anchor.href = url
      anchor.download = file.name ?? fileName
      anchor.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (error) {
      notifyServerError(error)
    }
  }

  return (
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {translate('resources.manage/media.fields.preview')}
            </Typography>
            {file && previewable && (
              <FilePreview blob={blob} kind={isImageFile(file) ? 'image' : 'html'} title={record.title} />
            )}
            {file && (
              <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary" data-testid="media-file-meta">
                  {file.name} · {file.mime} · {formatSize(file.size)}
                  {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                </Typography>
                <Button label="media.actions.download" onClick={download}>
                  <DownloadIcon />
                </Button>
              </Box>
            )}
            {record.link && (
              <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
                <Link href={record.link} target="_blank" rel="noopener noreferrer">
                  {record.link}
                </Link>
              </Typography>
            )}
            {!file && !record.link && <Typography color="text.secondary">{translate('media.show.nothing')}</Typography>}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Labeled source="title">
              <TextField source="title" />
            </Labeled>
            <Labeled source="type">
              <SelectField source="type" choices={typeChoices} />
            </Labeled>
            <Labeled source="status">
              <MediaStatusField source="status" />
            </Labeled>
            <Labeled source="campaignIds" label="resources.manage/media.fields.campaignCount">
              <Typography variant="body2">{(record.campaignIds ?? []).length}</Typography>
            </Labeled>
            <Labeled source="createdAt">
              <DateField source="createdAt" showTime />
            </Labeled>
            <Labeled source="updatedAt">
              <DateField source="updatedAt" showTime />
            </Labeled>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Labeled source="description">
                <TextField source="description" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
              </Labeled>
            </Box>
            {(record.macros ?? []).length > 0 && (
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Typography variant="caption" color="text.secondary">
                  {translate('resources.manage/media.fields.macros')}
                </Typography>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.manage/media.fields.macro')}</TableCell>
                      <TableCell>{translate('resources.manage/media.fields.value')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {record.macros.map((entry: { macro: string; value: string }) => (
                      <TableRow key={entry.macro}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{entry.macro}</TableCell>
                        <TableCell>{entry.value}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </CardContent>
        </Card>
      </Grid>
      {!NO_BANNER_CODE_TYPES.includes(record.type) && (
        <Grid size={12}>
          <BannerCodePanel fileBlob={blob} />
        </Grid>
      )}
    </Grid>
  )
}

/** Media detail: the file or link with its preview, the metadata, and the banner code generator. */
export const MediaShow = () => (
  <Show actions={<MediaShowActions />}>
    <MediaDetail />
  </Show>
)
