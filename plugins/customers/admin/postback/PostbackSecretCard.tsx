/*
 * The operator's postback: the URL to give the operator (or its platform) and the secret.
 * The server keeps only a hash, so a new secret is shown once, right after it is created
 * or rotated; rotating stops the previous one at once.
 */
import { useNotifyServerError, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import KeyIcon from '@mui/icons-material/Key'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin'
import { POSTBACK_API, type PostbackInfo } from '../model'

export const POSTBACK_QUERY_KEY = ['customers', 'postback']

/** A call for the operator's documentation, with placeholders (the secret itself is shown only once). */
export const exampleUrl = (url: string) =>
  `${url}?secret={secret}&event=deposit&cuid={cuid}&txn_id={txn_id}&amount={amount}&currency={currency}`

const CopyButton = ({ value }: { value: string }) => {
  const translate = useTranslate()
  const notify = useNotify()
  return (
    <Tooltip title={translate('customers.postback.copy')}>
      <IconButton
        size="small"
        aria-label={translate('customers.postback.copy')}
        onClick={async () => {
          await navigator.clipboard?.writeText(value)
          notify('customers.postback.copied', { type: 'info' })
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  )
}

const Code = ({ children, testId }: { children: string; testId?: string }) => (
  <Box
    component="code"
    data-testid={testId}
    sx={{
      fontFamily: 'monospace',
      fontSize: 13,
      bgcolor: 'action.hover',
      px: 1,
      py: 0.5,
      borderRadius: 1,
      overflowWrap: 'anywhere',
    }}
  >
    {children}
  </Box>
)

export const PostbackSecretCard = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const notifyError = useNotifyServerError()
  const { canAccess: manages = false } = useCanAccess({ resource: 'customers', action: 'manage' })
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  // Held in memory only: leaving the page forgets it, as the server does.
  const [created, setCreated] = useState<{ secret: string; example?: string } | null>(null)
  const { data: info, error } = useQuery({
    queryKey: POSTBACK_QUERY_KEY,
    queryFn: async () => (await dataProvider.request<PostbackInfo>(POSTBACK_API)).data,
  })

  const rotate = async () => {
    setBusy(true)
    try {
      const { data } = await dataProvider.request<PostbackInfo>(`${POSTBACK_API}/secret`, { method: 'POST', body: {} })
      if (data.secret) setCreated({ secret: data.secret, example: data.example })
      setConfirming(false)
      // The card reads the state back without the secret (hint and dates only).
      await queryClient.invalidateQueries({ queryKey: POSTBACK_QUERY_KEY })
    } catch (failure) {
      notifyError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card sx={{ mb: 2 }} data-testid="operator-postback">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('customers.postback.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('customers.postback.help')}
        </Typography>
        {error ? (
          <Alert severity="warning">{(error as Error).message}</Alert>
        ) : !info ? (
          <LinearProgress />
        ) : (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ minWidth: 120 }}>
                {translate('customers.postback.url')}
              </Typography>
              <Code testId="postback-url">{info.url}</Code>
              <CopyButton value={info.url} />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ minWidth: 120 }}>
                {translate('customers.postback.example')}
              </Typography>
              <Code>{exampleUrl(info.url)}</Code>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ minWidth: 120 }}>
                {translate('customers.postback.secret')}
              </Typography>
              <Typography variant="body2" data-testid="postback-secret-state">
                {info.configured
                  ? translate('customers.postback.secret_set', { hint: info.secretHint ?? '' })
                  : translate('customers.postback.secret_missing')}
              </Typography>
              {manages && (
                <Button size="small" variant="outlined" startIcon={<KeyIcon />} onClick={() => setConfirming(true)}>
                  {translate(info.configured ? 'customers.postback.rotate' : 'customers.postback.create')}
                </Button>
              )}
            </Stack>
            {created && (
              <Alert severity="success" data-testid="postback-new-secret" onClose={() => setCreated(null)}>
                <Typography variant="body2" gutterBottom>
                  {translate('customers.postback.shown_once')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Code testId="postback-secret-value">{created.secret}</Code>
                  <CopyButton value={created.secret} />
                </Stack>
                {created.example && (
                  <Box sx={{ mt: 1 }}>
                    <Code>{created.example}</Code>
                  </Box>
                )}
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="postback-rotate-title">
        <DialogTitle id="postback-rotate-title">
          {translate(info?.configured ? 'customers.postback.rotate_title' : 'customers.postback.create_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(info?.configured ? 'customers.postback.rotate_warning' : 'customers.postback.create_help')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" color={info?.configured ? 'warning' : 'primary'} onClick={rotate} disabled={busy}>
            {translate(info?.configured ? 'customers.postback.rotate' : 'customers.postback.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}
