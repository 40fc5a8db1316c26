import { Box, Typography } from '@mui/material'
import { useWatch } from 'react-hook-form'
import { SelectInput, TextInput, useTranslate } from 'react-admin'
import { PAYMENT_FIELDS, paymentMethodChoices, validatePayment, type PaymentMethod } from './model'

const MULTILINE = new Set(['customPaymentDetails'])

/**
 * The payment details inputs: the default method, then the fields of that method only.
 * Shared by the affiliate wizard (`prefix="paymentDetails."`) and the affiliate's own
 * Account → Payment info tab (the form is the payment object itself, `prefix=""`).
 */
export const PaymentFields = ({ prefix = 'paymentDetails.' }: { prefix?: string }) => {
  const translate = useTranslate()
  const method = useWatch({ name: `${prefix}defaultMethod` }) as PaymentMethod | undefined
  const fields = method ? (PAYMENT_FIELDS[method] ?? []) : []
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }} data-testid="payment-fields">
      <SelectInput
        source={`${prefix}defaultMethod`}
        label="affiliates.fields.defaultMethod"
        choices={paymentMethodChoices}
        emptyText="affiliates.payment_methods.none"
        fullWidth
      />
      {!method && (
        <Typography variant="body2" color="text.secondary">
          {translate('affiliates.wizard.choose_method')}
        </Typography>
      )}
      {fields.map((field) => (
        <TextInput
          key={`${method}-${field}`}
          source={`${prefix}${field}`}
          label={`affiliates.fields.${field}`}
          validate={validatePayment[field]}
          multiline={MULTILINE.has(field)}
          fullWidth
        />
      ))}
    </Box>
  )
}
