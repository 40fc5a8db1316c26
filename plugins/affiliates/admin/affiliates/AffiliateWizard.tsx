import { StepWizard } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import { Form, useTranslate } from 'react-admin'
import { BasicStep, CompanyStep } from './AffiliateSteps'
import { AffiliateReview } from './AffiliateReview'
import { stepFields, stepOfField } from './model'
import { PaymentFields } from './PaymentFields'

/** The steps (in the order of WIZARD_STEPS); the review is drawn only when shown, from the other steps' values. */
export const WizardSteps = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate()
  return (
    <StepWizard
      steps={[
        {
          name: 'basic',
          label: translate('affiliates.wizard.basic'),
          content: <BasicStep mode={mode} />,
          fields: stepFields('basic'),
        },
        {
          name: 'payment',
          label: translate('affiliates.wizard.payment'),
          content: <PaymentFields />,
          // The fields to check depend on the chosen payment method.
          fields: (getValues) => stepFields('payment', getValues('paymentDetails.defaultMethod')),
        },
        {
          name: 'company',
          label: translate('affiliates.wizard.company'),
          content: <CompanyStep />,
          fields: stepFields('company'),
        },
        {
          name: 'review',
          label: translate('affiliates.wizard.review'),
          content: <AffiliateReview />,
          onlyWhenCurrent: true,
        },
      ]}
      stepOfField={stepOfField}
      labels={{
        steps: translate('affiliates.wizard.steps_label'),
        back: translate('affiliates.wizard.back'),
        next: translate('affiliates.wizard.next'),
      }}
      saveAlwaysEnabled={mode === 'create'}
    />
  )
}

/** The add and edit wizard: Basic Details → Payment Details → Company Details → Review. */
export const AffiliateWizard = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Form
    defaultValues={
      mode === 'create' ? { status: 'active', emailNotification: true, negativeCarryover: false } : undefined
    }
  >
    <Box sx={{ p: 2 }}>
      <WizardSteps mode={mode} />
    </Box>
  </Form>
)
