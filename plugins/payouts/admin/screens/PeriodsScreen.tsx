/*
 * /engagements/payout-periods: the commission periods, and closing one. A close is shown
 * first as a preview of what it will do (the server runs it and rolls it back): customers
 * recomputed, rows added, updated and removed, carryover and referral rows, totals per type;
 * then it is confirmed. Only the earliest open period that has ended can be closed.
 */
import {
  Box,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Button, Loading, Title, useDataProvider, useNotify, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { StatusTag, useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, type CloseSummary } from '../model'
import { money, usePeriods } from './shared'

const CloseDialog = ({ period, onClose }: { period: string; onClose: () => void }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const queryClient = useQueryClient()
  const [preview, setPreview] = useState<CloseSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const path = `${PAYOUTS_API}/periods/${encodeURIComponent(period)}`

  // The preview is asked for once per dialog: the callbacks change on every render.
  const refused = useRef((error: unknown) => {
    notifyError(error)
    onClose()
  })
  useEffect(() => {
    let current = true
    dataProvider
      .request<CloseSummary>(`${path}/preview`)
      .then(({ data }) => current && setPreview(data))
      .catch((error) => current && refused.current(error))
    return () => {
      current = false
    }
  }, [dataProvider, path])
  const close = async () => {
    setBusy(true)
    try {
      await dataProvider.request<CloseSummary>(`${path}/close`, { method: 'POST' })
      notify(translate('payouts.periods.closed_done', { period }), { type: 'info' })
      await queryClient.invalidateQueries({ queryKey: ['payouts'] })
      onClose()
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  const lines: Array<[string, number]> = preview
    ? [
        ['customersRecomputed', preview.customersRecomputed],
        ['rowsInserted', preview.rowsInserted],
        ['rowsUpdated', preview.rowsUpdated],
        ['rowsDeleted', preview.rowsDeleted],
        ['carryoverRows', preview.carryoverRows],
        ['referralRows', preview.referralRows],
      ]
    : []
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('payouts.periods.preview_title', { period })}</DialogTitle>
      <DialogContent data-testid="close-preview">
        {!preview ? (
          <Loading />
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('payouts.periods.preview_intro', { start: preview.start, end: preview.end })}
            </Typography>
            <Table size="small">
              <TableBody>
                {lines.map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell>{translate(`payouts.periods.summary.${key}`)}</TableCell>
                    <TableCell align="right" data-testid={`preview-${key}`}>
                      {value}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {preview.totals?.length ? (
              <Table size="small" sx={{ mt: 2 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('payouts.fields.type')}</TableCell>
                    <TableCell>{translate('payouts.fields.currency')}</TableCell>
                    <TableCell align="right">{translate('payouts.statements.columns.rows')}</TableCell>
                    <TableCell align="right">{translate('payouts.fields.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.totals.map((total) => (
                    <TableRow key={`${total.type}:${total.currency}`}>
                      <TableCell>{translate(`payouts.types.${total.type}`, { _: total.type })}</TableCell>
                      <TableCell>{total.currency}</TableCell>
                      <TableCell align="right">{total.rows}</TableCell>
                      <TableCell {...money(total.amount)} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            <Typography variant="body2" color="warning.main" sx={{ mt: 2 }}>
              {translate('payouts.periods.final_warning')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button
          label="payouts.periods.close"
          onClick={close}
          disabled={busy || !preview}
          variant="contained"
          data-testid="close-confirm"
        />
      </DialogActions>
    </Dialog>
  )
}

export const PeriodsScreen = () => {
  const translate = useTranslate()
  const { data, isPending } = usePeriods()
  const [closing, setClosing] = useState<string | null>(null)
  if (isPending) return <Loading />
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('payouts.periods.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        {data?.closeDelayDays
          ? translate('payouts.periods.scheduled', { smart_count: data.closeDelayDays })
          : translate('payouts.periods.by_hand')}
      </Typography>
      <Card variant="outlined">
        <Table size="small" data-testid="periods">
          <TableHead>
            <TableRow>
              <TableCell>{translate('payouts.fields.period')}</TableCell>
              <TableCell>{translate('payouts.periods.dates')}</TableCell>
              <TableCell>{translate('payouts.fields.status')}</TableCell>
              <TableCell>{translate('payouts.periods.closed_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.periods ?? []).map((period) => (
              <TableRow key={period.period} data-testid={`period-${period.period}`}>
                <TableCell>{period.period}</TableCell>
                <TableCell>
                  {period.start} – {period.end}
                </TableCell>
                <TableCell>
                  <StatusTag
                    status={period.status === 'closed' ? 'completed' : 'pending'}
                    label={translate(`payouts.periods.${period.status}`)}
                  />
                </TableCell>
                <TableCell>
                  {period.closedAt
                    ? new Date(period.closedAt).toLocaleString()
                    : period.scheduledCloseOn
                      ? translate('payouts.periods.scheduled_on', { date: period.scheduledCloseOn })
                      : '—'}
                </TableCell>
                <TableCell align="right">
                  {period.canClose && (
                    <Button
                      label="payouts.periods.preview_close"
                      onClick={() => setClosing(period.period)}
                      data-testid={`close-${period.period}`}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {closing && <CloseDialog period={closing} onClose={() => setClosing(null)} />}
    </Box>
  )
}
