import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Box, Button as MuiButton, Step, StepButton, StepLabel, Stepper, Toolbar } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useFormContext, useFormState } from 'react-hook-form'
import { Form, SaveButton, useDataProvider, useRecordContext, useTranslate } from 'react-admin'
import { AdvancedStep, BasicStep } from './CampaignSteps'
import {
  ADVANCED_FIELDS,
  BASIC_FIELDS,
  CAMPAIGNS_API,
  CREATE_DEFAULTS,
  errorPaths,
  firstStepWithError,
  stepOfField,
  WIZARD_STEPS,
} from './model'
import { fromPayoutResponse } from './payout'
import { PayoutStep } from './PayoutStep'

const PAYOUT = WIZARD_STEPS.indexOf('payout')
const STEP_FIELDS = [[...BASIC_FIELDS], [...ADVANCED_FIELDS], ['payout']]

/** On edit: the campaign's plan (GET /campaigns/:id/payout) fills the payout step once it arrives. */
const LoadPayout = () => {
  const record = useRecordContext()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { setValue } = useFormContext()
  const { data } = useQuery({
    queryKey: ['campaigns', 'payout', record?.id],
    enabled: record?.id != null,
    retry: false,
    queryFn: async () =>
      (await dataProvider.request(`${CAMPAIGNS_API}/${record!.id}/payout`, { notFoundPage: false })).data ?? null,
  })
  useEffect(() => {
    if (data) setValue('payout', fromPayoutResponse(data), { shouldDirty: false })
  }, [data, setValue])
  return null
}

/**
 * Basic → Advanced → Payout. Every step stays mounted (hidden when not current) so the
 * form keeps its values and validates everything on Save; after a failed submit (client
 * checks or a server 422) the wizard goes back to the first step with an error.
 */
export const CampaignWizardSteps = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate()
  const { trigger } = useFormContext()
  const { errors, isSubmitting } = useFormState()
  const [step, setStep] = useState(0)
  const [visited, setVisited] = useState(mode === 'edit' ? PAYOUT : 0)
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
    if (await trigger(STEP_FIELDS[step], { shouldFocus: true })) goTo(Math.min(step + 1, PAYOUT))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && step < PAYOUT && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault()
      void next()
    }
  }

  return (
    <Box sx={{ width: '100%' }} onKeyDown={onKeyDown}>
      {mode === 'edit' && <LoadPayout />}
      <Stepper
        nonLinear
        activeStep={step}
        sx={{ mb: 3, maxWidth: 900 }}
        aria-label={translate('campaigns.wizard.steps_label')}
      >
        {WIZARD_STEPS.map((name, index) => (
          <Step key={name} completed={index < visited && index !== step}>
            <StepButton
              onClick={() => index <= visited && goTo(index)}
              disabled={index > visited}
              data-testid={`wizard-step-${name}`}
            >
              <StepLabel error={stepHasError(index)}>{translate(`campaigns.wizard.${name}`)}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box hidden={step !== 0} role="group" aria-label={translate('campaigns.wizard.basic')}>
        <BasicStep />
      </Box>
      <Box hidden={step !== 1} role="group" aria-label={translate('campaigns.wizard.advanced')}>
        <AdvancedStep />
      </Box>
      <Box hidden={step !== PAYOUT} role="group" aria-label={translate('campaigns.wizard.payout')}>
        <PayoutStep />
      </Box>
      <Toolbar disableGutters sx={{ gap: 2, mt: 2 }}>
        <MuiButton onClick={() => goTo(step - 1)} disabled={step === 0}>
          {translate('campaigns.wizard.back')}
        </MuiButton>
        {step < PAYOUT ? (
          <MuiButton variant="contained" onClick={() => void next()}>
            {translate('campaigns.wizard.next')}
          </MuiButton>
        ) : (
          <SaveButton alwaysEnable={mode === 'create'} />
        )}
      </Toolbar>
    </Box>
  )
}

const PAYOUT_DEFAULTS = { model: 'cpa', goal: 'ftd', rules: [], qftd: {}, rangeRules: { enabled: false, ranges: [] } }

export const CampaignWizard = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Form
    defaultValues={mode === 'create' ? { ...CREATE_DEFAULTS, payout: PAYOUT_DEFAULTS } : { payout: PAYOUT_DEFAULTS }}
  >
    <Box sx={{ p: 2 }}>
      <CampaignWizardSteps mode={mode} />
    </Box>
  </Form>
)
