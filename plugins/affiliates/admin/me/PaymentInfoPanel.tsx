import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Alert, Box, Card, CardContent, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Form, Loading, SaveButton, useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin'
import { ME_API } from '../affiliates/paths'
import { toPaymentPayload } from '../affiliates/model'
import { PaymentFields } from '../affiliates/PaymentFields'

const PAYMENT_PATH = `${ME_API}/payment`

/** Account → Payment info of an affiliate's own panel: GET|PUT /api/v1/affiliates/me/payment. */
export const PaymentInfoPanel = () => {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const { identity, isPending: identityPending } = useGetIdentity()
  const isAffiliate = identity?.role === 'affiliate'
  const { data, isPending, error } = useQuery({
    queryKey: ['affiliates', 'me', 'payment'],
    enabled: isAffiliate,
    queryFn: async () => (await dataProvider.request<Record<string, unknown> | null>(PAYMENT_PATH)).data ?? {},
  })

  if (identityPending) return <Loading />
  if (!isAffiliate) return <Alert severity="info">{translate('affiliates.payment_info.only_affiliates')}</Alert>
  if (isPending) return <Loading />
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>

  const save = async (values: Record<string, any>) => {
    const payload = toPaymentPayload(values) ?? { defaultMethod: null }
    try {
      const { data: saved } = await dataProvider.request(PAYMENT_PATH, { method: 'PUT', body: payload })
      queryClient.setQueryData(['affiliates', 'me', 'payment'], saved ?? values)
      notify('affiliates.payment_info.saved', { type: 'success' })
      return undefined
    } catch (failure) {
      const errors = (failure as { body?: { errors?: Record<string, unknown> } })?.body?.errors
      // The server names nested fields `paymentDetails.x` or flat `x`: this form is the payment object itself.
      if (errors)
        return Object.fromEntries(
          Object.entries(errors).map(([field, message]) => [field.replace(/^paymentDetails\./, ''), message])
        )
      notify(failure instanceof Error ? failure.message : 'ra.notification.http_error', { type: 'error' })
      return undefined
    }
  }

  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('affiliates.payment_info.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('affiliates.payment_info.help')}
        </Typography>
        <Form record={{ id: 'me', ...(data ?? {}) }} onSubmit={save}>
          <PaymentFields prefix="" />
          <Box sx={{ mt: 2 }}>
            <SaveButton />
          </Box>
        </Form>
      </CardContent>
    </Card>
  )
}

export default PaymentInfoPanel
