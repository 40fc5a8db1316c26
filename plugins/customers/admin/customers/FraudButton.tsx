/*
 * Marks a customer as fraud after a confirmation that says it cannot be undone (spec §4):
 * all of its activity becomes fraud and earns nothing. The reason is optional and audited.
 * From an activity row (`path` of the row's fraud call) it marks that row's customer.
 */
import { useNotifyServerError, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import GppBadIcon from '@mui/icons-material/GppBad'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin'
import { CUSTOMERS_API, type Customer } from '../model'

export const FraudButton = ({
  customer,
  path = `${CUSTOMERS_API}/${customer.id}/fraud`,
}: {
  customer: Pick<Customer, 'id' | 'cuid'>
  path?: string
}) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const refresh = useRefresh()
  const notifyError = useNotifyServerError()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await dataProvider.request(path, {
        method: 'POST',
        body: reason.trim() ? { reason: reason.trim() } : {},
      })
      setOpen(false)
      notify('customers.fraud.done', { type: 'info', messageArgs: { cuid: customer.cuid } })
      await queryClient.invalidateQueries({ queryKey: ['customers'] })
      // The lists that show the customer's rows (activity) read them again.
      refresh()
    } catch (failure) {
      notifyError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<GppBadIcon />} onClick={() => setOpen(true)}>
        {translate('customers.fraud.action')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="customer-fraud-title">
        <DialogTitle id="customer-fraud-title">
          {translate('customers.fraud.title', { cuid: customer.cuid })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('customers.fraud.warning')}
          </Alert>
          <DialogContentText sx={{ mb: 2 }}>{translate('customers.fraud.explain')}</DialogContentText>
          <TextField
            label={translate('customers.fraud.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={confirm} disabled={busy}>
            {translate('customers.fraud.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
