/*
 * Reassigns a customer to another affiliate with a reason, from an effective date (today
 * by default, never earlier): activity dated from then earns for the new affiliate, earlier
 * rows stay. The server checks the affiliate is live and allowed on the customer's campaign.
 */
import { useNotifyServerError, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  AutocompleteInput,
  DateInput,
  Form,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin'
import { CUSTOMERS_API, todayIso, type Customer } from '../model'

const byQuery = (q: string) => ({ q })
const dayOnly = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined)

export interface ReassignValues {
  affiliateId?: number
  effectiveDate?: string
  reason?: string
}

/** The request body: the effective date only when one was picked. */
export function reassignBody(values: ReassignValues) {
  return {
    affiliateId: Number(values.affiliateId),
    reason: (values.reason ?? '').trim(),
    ...(values.effectiveDate ? { effectiveDate: values.effectiveDate } : {}),
  }
}

export const ReassignButton = ({ customer }: { customer: Pick<Customer, 'id' | 'cuid' | 'affiliateId'> }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const [open, setOpen] = useState(false)
  const today = todayIso()

  const submit = async (values: ReassignValues) => {
    try {
      await dataProvider.request(`${CUSTOMERS_API}/${customer.id}/reassign`, {
        method: 'POST',
        body: reassignBody(values),
      })
      setOpen(false)
      notify('customers.reassign.done', { type: 'info', messageArgs: { cuid: customer.cuid } })
      await queryClient.invalidateQueries({ queryKey: ['customers'] })
    } catch (failure) {
      notifyError(failure)
      const errors = (failure as { body?: { errors?: Record<string, unknown> } })?.body?.errors
      if (errors) return errors
    }
    return undefined
  }

  return (
    <>
      <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setOpen(true)}>
        {translate('customers.reassign.action')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="customer-reassign-title" fullWidth>
        <Form onSubmit={submit} defaultValues={{ effectiveDate: today }}>
          <DialogTitle id="customer-reassign-title">
            {translate('customers.reassign.title', { cuid: customer.cuid })}
          </DialogTitle>
          <DialogContent>
            <ReferenceInput source="affiliateId" reference="manage/affiliate">
              <AutocompleteInput
                label="customers.reassign.to"
                optionText="name"
                filterToQuery={byQuery}
                validate={required()}
                fullWidth
              />
            </ReferenceInput>
            <DateInput
              source="effectiveDate"
              label="customers.reassign.effective_date"
              helperText="customers.reassign.effective_help"
              parse={dayOnly}
              format={dayOnly}
              slotProps={{ htmlInput: { min: today } }}
              fullWidth
            />
            <TextInput source="reason" label="customers.reassign.reason" validate={required()} multiline fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <SaveButton label="customers.reassign.confirm" alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  )
}
