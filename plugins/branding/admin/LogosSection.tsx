import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import UploadIcon from '@mui/icons-material/UploadFile'
import { Box, FormHelperText, Grid, Paper, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { Button, useNotify, useTranslate } from 'react-admin'
import {
  ConfirmButton,
  fieldErrorsOf,
  messageOf,
  Section,
  useAbilities,
  useApi,
  useRefreshAccount,
} from '@affix/admin-ui/plugin-api'
import { LOGO_API, LOGO_KINDS, type LogoKind, type LogoUrls } from './types'

const LOGOS_KEY = ['affix', 'organization-logos']

/**
 * Logo, login logo and icon (spec §9 sizes): preview, upload, remove (settings:manage); the
 * server checks type and size. A section of the organisation screen.
 */
export const LogosSection = () => {
  const api = useApi()
  const manage = useAbilities().can('settings', 'manage')
  const { data: urls } = useQuery({
    queryKey: LOGOS_KEY,
    queryFn: () => api.get<LogoUrls>(LOGO_API),
  })
  return (
    <Section title="branding.logos.title" subtitle="branding.logos.help">
      <Grid container spacing={2}>
        {LOGO_KINDS.map((logo) => (
          <Grid key={logo.kind} size={{ xs: 12, md: 4 }}>
            <LogoCard
              kind={logo.kind}
              width={logo.width}
              height={logo.height}
              url={urls?.[logo.urlKey] ?? null}
              manage={manage}
            />
          </Grid>
        ))}
      </Grid>
    </Section>
  )
}

const LogoCard = ({
  kind,
  width,
  height,
  url,
  manage,
}: {
  kind: LogoKind
  width: number
  height: number
  url: string | null
  manage: boolean
}) => {
  const translate = useTranslate()
  const notify = useNotify()
  const api = useApi()
  const queryClient = useQueryClient()
  const refreshAccount = useRefreshAccount()
  const fileInput = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const errorId = useId()
  const name = translate(`branding.logos.kinds.${kind}`)

  const changed = (next: LogoUrls) => {
    queryClient.setQueryData(LOGOS_KEY, next)
    // The sidebar logo and the favicon come from the stored account.
    void refreshAccount().catch(() => undefined)
  }

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const form = new FormData()
    form.append('kind', kind)
    form.append('file', file, file.name)
    setBusy(true)
    setError(null)
    try {
      changed(await api.post<LogoUrls>(LOGO_API, form))
      notify('branding.logos.uploaded', { type: 'success', messageArgs: { name } })
    } catch (failure) {
      // The server's message ("The logo must be exactly 386 × 74 pixels.") goes under the image.
      const fields = fieldErrorsOf(failure)
      setError(typeof fields?.file === 'string' ? fields.file : messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setError(null)
    try {
      changed(await api.delete<LogoUrls>(LOGO_API, undefined, { query: { kind } }))
      notify('branding.logos.removed', { type: 'info', messageArgs: { name } })
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} role="group" aria-label={name}>
      <Typography variant="subtitle1">{name}</Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('branding.logos.size', { width, height })}
      </Typography>
      <Box
        sx={{
          my: 1,
          minHeight: 80,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {url ? (
          <img
            src={url}
            alt={name}
            style={{
              maxWidth: '100%',
              width: Math.min(width, 340),
              height: 'auto',
              imageRendering: width < 32 ? 'pixelated' : 'auto',
            }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('branding.logos.none')}
          </Typography>
        )}
      </Box>
      {manage && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
            onChange={upload}
            data-testid={`logo-file-${kind}`}
            aria-describedby={error ? errorId : undefined}
          />
          <Button
            label="branding.logos.upload"
            onClick={() => fileInput.current?.click()}
            disabled={busy}
            startIcon={<UploadIcon />}
          />
          {url && (
            <ConfirmButton
              label="branding.logos.remove"
              title="branding.logos.remove_title"
              content="branding.logos.remove_confirm"
              translateOptions={{ name }}
              onConfirm={remove}
              icon={<DeleteIcon />}
              color="error"
            />
          )}
        </Box>
      )}
      {error && (
        <FormHelperText error id={errorId} role="alert">
          {error}
        </FormHelperText>
      )}
    </Paper>
  )
}
