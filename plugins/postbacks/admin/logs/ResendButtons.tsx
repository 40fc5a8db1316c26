import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useState } from 'react'
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin'

interface Resent {
  deliveries: number
}

function useResend() {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyServerError = useNotifyServerError()
  const refresh = useRefresh()
  const [busy, setBusy] = useState(false)
  const send = async (path: string, body?: Record<string, unknown>) => {
    setBusy(true)
    try {
      const { data } = await dataProvider.request<Resent>(path, { method: 'POST', body })
      notify('postbacks.resend.queued', { type: 'info', messageArgs: { smart_count: data.deliveries } })
      refresh()
      return true
    } catch (error) {
      notifyServerError(error)
      return false
    } finally {
      setBusy(false)
    }
  }
  return { send, busy }
}

/**
 * Resends one row's delivery: a log line (`…/{id}/resend` of the log) or a dead letter
 * (`…/{id}/resend` of the dead-letter list). Same event id, a fresh retry budget.
 */
export const ResendRowButton = ({ apiPath }: { apiPath: string; label?: string }) => {
  const record = useRecordContext()
  const { send, busy } = useResend()
  if (!record?.id || String(record.event ?? '').startsWith('test.')) return null
  return (
    <Button
      label="postbacks.resend.one"
      data-testid={`resend-${record.id}`}
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation()
        void send(`${apiPath}/${record.id}/resend`)
      }}
    />
  )
}

const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 16)
}

/** "Resend everything that failed in a time range" (`…/resend-failed` with from and to). */
export const ResendRangeButton = ({ resendFailedPath }: { resendFailedPath: string }) => {
  const translate = useTranslate()
  const { send, busy } = useResend()
  const [open, setOpen] = useState(false)
  const [from, setFrom] = useState(() => localInput(new Date(Date.now() - 86_400_000)))
  const [to, setTo] = useState(() => localInput(new Date()))
  const valid = Boolean(from && to) && new Date(from) <= new Date(to)
  return (
    <>
      <Button label="postbacks.resend.range" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('postbacks.resend.range')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              type="datetime-local"
              label={translate('postbacks.resend.from')}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="datetime-local"
              label={translate('postbacks.resend.to')}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(from && to) && !valid}
              helperText={Boolean(from && to) && !valid ? translate('postbacks.resend.order') : ' '}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button
            label="postbacks.resend.confirm"
            variant="contained"
            disabled={busy || !valid}
            onClick={async () => {
              const done = await send(resendFailedPath, {
                from: new Date(from).toISOString(),
                to: new Date(to).toISOString(),
              })
              if (done) setOpen(false)
            }}
          />
        </DialogActions>
      </Dialog>
    </>
  )
}
