import UploadIcon from '@mui/icons-material/UploadFile'
import { Box, Button, FormHelperText, Typography } from '@mui/material'
import { useEffect, useId, useState } from 'react'
import { useInput, useRecordContext, useTranslate, ValidationError } from 'react-admin'
import { acceptFor, IMAGE_TYPES, HTML_TYPES, isHtmlFile, isImageFile } from './model'
import { useMediaFileBlob } from './useMediaFile'

const PREVIEW_HEIGHT = 220

/** Shows an image or an HTML document (in a sandboxed frame: no scripts, no access to this page). */
export const FilePreview = ({
  blob,
  kind,
  title,
}: {
  blob: Blob | null
  kind: 'image' | 'html' | 'other'
  title: string
}) => {
  const [url, setUrl] = useState<string | null>(null)
  const [html, setHtml] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return
    if (kind === 'image') {
      const objectUrl = URL.createObjectURL(blob)
      setUrl(objectUrl)
      return () => URL.revokeObjectURL(objectUrl)
    }
    if (kind === 'html') {
      let cancelled = false
      blob.text().then((text) => !cancelled && setHtml(text))
      return () => {
        cancelled = true
      }
    }
  }, [blob, kind])
  if (kind === 'image' && url) {
    return (
      <img
        src={url}
        alt={title}
        data-testid="media-preview"
        style={{ maxWidth: '100%', maxHeight: PREVIEW_HEIGHT, objectFit: 'contain', display: 'block' }}
      />
    )
  }
  if (kind === 'html' && html !== null) {
    return (
      <iframe
        title={title}
        data-testid="media-preview"
        sandbox=""
        srcDoc={html}
        style={{ width: '100%', height: PREVIEW_HEIGHT, border: '1px solid rgba(0,0,0,0.12)', background: '#fff' }}
      />
    )
  }
  return null
}

const kindOf = (type: string | undefined, mime: string | undefined): 'image' | 'html' | 'other' =>
  mime?.startsWith('image/') || (type && IMAGE_TYPES.includes(type) && !mime)
    ? 'image'
    : mime === 'text/html' || (type && HTML_TYPES.includes(type))
      ? 'html'
      : 'other'

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`

/**
 * The media's file: a picker limited to what the type takes, with a preview of the picked
 * file or, on edit, of the stored one. Its value is the picked File (form field `upload`).
 */
export const MediaFileInput = ({ type }: { type: string | undefined }) => {
  const translate = useTranslate()
  const record = useRecordContext()
  const inputId = useId()
  const { field, fieldState } = useInput({ source: 'upload', defaultValue: null })
  const upload = field.value instanceof File ? field.value : null
  const stored = !upload && record?.file ? record.file : null
  const { blob: storedBlob } = useMediaFileBlob(record, Boolean(stored) && (isImageFile(stored) || isHtmlFile(stored)))
  const error = fieldState.error?.message
  const shown = upload ?? (stored ? storedBlob : null)
  const name = upload?.name ?? stored?.name
  const size = upload?.size ?? stored?.size
  const kind = kindOf(
    type,
    upload ? upload.type || (/\.html?$/i.test(upload.name) ? 'text/html' : undefined) : stored?.mime
  )
  const help =
    type && IMAGE_TYPES.includes(type)
      ? 'media.help.file_image'
      : type && HTML_TYPES.includes(type)
        ? 'media.help.file_html'
        : 'media.help.file_other'

  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.manage/media.fields.file')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadIcon />}>
          {translate(record?.file || upload ? 'media.actions.replace_file' : 'media.actions.choose_file')}
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          accept={acceptFor(type)}
          aria-label={translate('resources.manage/media.fields.file')}
          data-testid="media-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null
            field.onChange(file)
            field.onBlur()
            event.target.value = ''
          }}
        />
        {name && (
          <Typography variant="body2" color="text.secondary" data-testid="media-file-name">
            {name}
            {size ? ` (${formatSize(size)})` : ''}
          </Typography>
        )}
      </Box>
      <FormHelperText error={Boolean(error)} data-testid="media-file-help">
        {error ? <ValidationError error={error as never} /> : translate(help)}
      </FormHelperText>
      {shown && (
        <Box sx={{ mt: 1 }}>
          <FilePreview blob={shown} kind={kind} title={name ?? ''} />
        </Box>
      )}
    </Box>
  )
}
