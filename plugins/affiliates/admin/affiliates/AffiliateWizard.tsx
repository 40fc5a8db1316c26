import { Box, Button as MuiButton, Step, StepButton, StepLabel, Stepper, Toolbar } from '@mui/material'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useFormContext, useFormState } from 'react-hook-form'
import { Form, SaveButton, useTranslate } from 'react-admin'
import { BasicStep, CompanyStep } from './AffiliateSteps'
import { AffiliateReview } from './AffiliateReview'
import { firstStepWithError, errorPaths, stepFields, stepOfField, WIZARD_STEPS } from './model'
import { PaymentFields } from './PaymentFields'

const REVIEW = WIZARD_STEPS.indexOf('review')

/**
 * The steps and their buttons. Every step stays mounted (hidden when not current) so the
 * form keeps all values, validates everything on Save and can show a server's field error
 * on any step: after a failed submit (client checks or a 422) the wizard goes back to the
 * first step that has an error.
 */
export const WizardSteps = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate()
  const { trigger, getValues } = useFormContext()
  const { errors, isSubmitting } = useFormState()
  const [step, setStep] = useState(0)
  const [visited, setVisited] = useState(0)
  const wasSubmitting = useRef(false)

  useEffect(() => {
    if (wasSubmitting.current && !isSubmitting) {
      const first = firstStepWithError(errors as Record<string, unknown>)
      if (first !== null) setStep(first)
    }
    wasSubmitting.current = isSubmitting
  }, [isSubmitting, errors])

  const stepHasError = (index: number) =>
    errorPaths(errors as Record<string, unknown>).some((path) => stepOfField(path) === index)

  const goTo = (index: number) => {
    setStep(index)
    setVisited((current) => Math.max(current, index))
  }

  const next = async () => {
    const fields = stepFields(WIZARD_STEPS[step], getValues('paymentDetails.defaultMethod'))
    const valid = fields.length === 0 || (await trigger(fields, { shouldFocus: true }))
    if (valid) goTo(Math.min(step + 1, REVIEW))
  }

  // Enter in a field moves on instead of submitting the whole form from an early step.
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement
    if (event.key === 'Enter' && step < REVIEW && target.tagName === 'INPUT') {
      event.preventDefault()
      void next()
    }
  }

  return (
    <Box sx={{ width: '100%' }} onKeyDown={onKeyDown}>
      <Stepper
        nonLinear
        activeStep={step}
        sx={{ mb: 3, maxWidth: 900 }}
        aria-label={translate('affiliates.wizard.steps_label')}
      >
        {WIZARD_STEPS.map((name, index) => (
          <Step key={name} completed={index < visited && index !== step}>
            <StepButton
              onClick={() => index <= visited && goTo(index)}
              disabled={index > visited}
              data-testid={`wizard-step-${name}`}
            >
              <StepLabel error={stepHasError(index)}>{translate(`affiliates.wizard.${name}`)}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>

      <Box hidden={step !== 0} role="group" aria-label={translate('affiliates.wizard.basic')}>
        <BasicStep mode={mode} />
      </Box>
      <Box hidden={step !== 1} role="group" aria-label={translate('affiliates.wizard.payment')}>
        <PaymentFields />
      </Box>
      <Box hidden={step !== 2} role="group" aria-label={translate('affiliates.wizard.company')}>
        <CompanyStep />
      </Box>
      {step === REVIEW && (
        <Box role="group" aria-label={translate('affiliates.wizard.review')}>
          <AffiliateReview />
        </Box>
      )}

      <Toolbar disableGutters sx={{ gap: 2, mt: 2 }}>
        <MuiButton onClick={() => goTo(step - 1)} disabled={step === 0}>
          {translate('affiliates.wizard.back')}
        </MuiButton>
        {step < REVIEW ? (
          <MuiButton variant="contained" onClick={() => void next()}>
            {translate('affiliates.wizard.next')}
          </MuiButton>
        ) : (
          <SaveButton alwaysEnable={mode === 'create'} />
        )}
      </Toolbar>
    </Box>
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
