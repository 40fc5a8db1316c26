/*
 * Sets one FX rate (1 `from` = rate `to` on a date; an existing rate is replaced). The API
 * takes batches and answers per row: a refused row comes back with its reason, shown here.
 */
import { useNotifyServerError, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import AddIcon from '@mui/icons-material/Add'
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material'
import { useState } from 'react'
import {
  Button,
  DateInput,
  Form,
  regex,
  required,
  SaveButton,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin'
import { FX_RATES_API, todayIso } from '../model'

const FIELD = 'resources.configuration/fx-rates.fields'
const currencyCode = (value: string) => (value ? value.trim().toUpperCase() : '')
const dayOnly = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined)
const validateCurrency = [required(), regex(/^[A-Z]{3}$/, 'customers.fx.invalid_currency')]
const validateRate = [required(), regex(/^\d+(\.\d{1,10})?$/, 'customers.fx.invalid_rate')]

export interface RateValues {
  from: string
  to: string
  date: string
  rate: string
}

interface BatchAnswer {
  summary: { error?: number }
  results: Array<{ status: string; error?: { message?: string } | null }>
}

/** The refusal of the only row sent, or null when it was stored. */
export function rowRefusal(answer: BatchAnswer | undefined): string | null {
  const row = answer?.results?.[0]
  return row?.status === 'error' ? (row.error?.message ?? 'error') : null
}

export const SetRateButton = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const refresh = useRefresh()
  const [open, setOpen] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const submit = async (values: Partial<RateValues>) => {
    setRefusal(null)
    try {
      const { data } = await dataProvider.request<BatchAnswer>(FX_RATES_API, {
        method: 'PUT',
        body: { rates: [{ from: values.from, to: values.to, date: values.date, rate: String(values.rate) }] },
      })
      const refused = rowRefusal(data)
      if (refused) {
        setRefusal(refused)
        return
      }
      notify('customers.fx.saved', { type: 'info' })
      setOpen(false)
      refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }

  return (
    <>
      <Button label="customers.fx.set" onClick={() => setOpen(true)} startIcon={<AddIcon />} />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="fx-set-title">
        <Form onSubmit={submit} defaultValues={{ date: todayIso(), to: 'USD' }}>
          <DialogTitle id="fx-set-title">{translate('customers.fx.set')}</DialogTitle>
          <DialogContent>
            <TextInput
              source="from"
              label={`${FIELD}.from`}
              parse={currencyCode}
              validate={validateCurrency}
              fullWidth
            />
            <TextInput source="to" label={`${FIELD}.to`} parse={currencyCode} validate={validateCurrency} fullWidth />
            <DateInput
              source="date"
              label={`${FIELD}.date`}
              parse={dayOnly}
              format={dayOnly}
              validate={required()}
              fullWidth
            />
            <TextInput
              source="rate"
              label={`${FIELD}.rate`}
              helperText="customers.fx.rate_help"
              validate={validateRate}
              fullWidth
            />
            {refusal && <Alert severity="error">{refusal}</Alert>}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  )
}
