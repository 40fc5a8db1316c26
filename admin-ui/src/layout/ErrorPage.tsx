/*
 * The render-error screen (spec §8): "Oops! Looks like we've hit a snag in the matrix…"
 * and "If this problem persists, contact us.", with a Refresh button. A page whose code
 * chunk failed to load reloads once per session instead (chunk_reload.ts).
 */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined'
import RefreshIcon from '@mui/icons-material/Refresh'
import { Box, Button, Typography } from '@mui/material'
import { useEffect, useState, type ErrorInfo } from 'react'
import { useTranslate } from 'react-admin'
import { isChunkLoadError, reloadOnceForChunkError } from './chunk_reload'
import { renderErrorTexts } from './messages'

interface ErrorPageProps {
  error?: unknown
  errorInfo?: ErrorInfo
}

/** The texts come from props so the page also works outside react-admin (no i18n context). */
export const RenderErrorView = ({
  error,
  texts,
}: {
  error?: unknown
  texts: { render: string; contact: string; refresh: string }
}) => {
  // Decided once, on the first render: reload (and show nothing) or show the error.
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnceForChunkError())
  useEffect(() => {
    if (error && !reloading) console.error('Render error', error)
  }, [error, reloading])
  if (reloading) return null
  return (
    <Box
      role="alert"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, p: 4, mt: 4 }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} />
      <Typography variant="h6" component="h1" sx={{ maxWidth: 640 }}>
        {texts.render}
      </Typography>
      <Typography color="text.secondary">{texts.contact}</Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        {texts.refresh}
      </Button>
      {import.meta.env.DEV && error instanceof Error && (
        <Typography
          component="pre"
          variant="caption"
          sx={{ textAlign: 'left', whiteSpace: 'pre-wrap', maxWidth: '100%' }}
        >
          {error.stack ?? error.message}
        </Typography>
      )}
    </Box>
  )
}

/** Inside react-admin (layout and Admin error boundaries): translated texts. */
export const ErrorPage = ({ error }: ErrorPageProps) => {
  const translate = useTranslate()
  return (
    <RenderErrorView
      error={error}
      texts={{
        render: translate('affix.errors.render'),
        contact: translate('affix.errors.render_contact'),
        refresh: translate('affix.errors.refresh'),
      }}
    />
  )
}

/** The language chosen in react-admin's store, readable before react-admin starts. */
export const storedLocale = () => {
  try {
    return (
      (JSON.parse(localStorage.getItem('RaStore.locale') ?? 'null') as string | null) ??
      document.documentElement.lang ??
      'en'
    )
  } catch {
    return 'en'
  }
}

/** Outside react-admin (main.tsx's last-resort boundary). */
export const StandaloneErrorPage = ({ error }: { error?: unknown }) => (
  <RenderErrorView error={error} texts={renderErrorTexts(storedLocale())} />
)
