/*
 * A create/edit form in steps (an affiliate's Basic → Payment → Company → Review, a campaign's
 * Basic → Advanced → Payout), inside a react-admin <Form>. Every step stays mounted (hidden
 * when not current), so the form keeps all values, validates everything on Save and can show
 * a server's field error on any step: after a failed submit (client checks or a 422) the
 * wizard goes back to the first step with an error, and marks each step that has one. Next
 * checks the current step's fields first; Enter in a field means Next, not Save, before the
 * last step; a step is reachable once visited.
 */
import { Box, Button as MuiButton, Step, StepButton, StepLabel, Stepper, Toolbar } from '@mui/material'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useFormContext, useFormState, type FieldValues, type UseFormGetValues } from 'react-hook-form'
import { SaveButton } from 'react-admin'

export interface WizardStep {
  /** Stable id: the step button's `data-testid` is `wizard-step-<name>`. */
  name: string
  /** Translated title, shown in the stepper and as the step's accessible name. */
  label: string
  content: ReactNode
  /** Fields checked before Next leaves the step (may depend on the values, e.g. a payment method). */
  fields?: string[] | ((getValues: UseFormGetValues<FieldValues>) => string[])
  /** Mounted only while current, e.g. a review that reads the other steps' values when shown. */
  onlyWhenCurrent?: boolean
}

export interface StepWizardProps {
  steps: WizardStep[]
  /** The step holding a form field, by its path (`paymentDetails.cpf`, `payout.rules.0.amount`). */
  stepOfField: (path: string) => number
  /** Translated: the stepper's accessible name, and the Back and Next buttons. */
  labels: { steps: string; back: string; next: string }
  /** Steps reachable from the start (an edit may open every step at once); default only the first. */
  initiallyVisited?: number
  /** Save stays enabled on a pristine form (a create with good defaults). */
  saveAlwaysEnabled?: boolean
  /** Rendered inside the form before the steps (e.g. a loader that fills values in). */
  children?: ReactNode
}

/** The paths of a react-hook-form errors object (`{ paymentDetails: { cpf: {...} } }` → `paymentDetails.cpf`); the form-wide `root` left out. */
export function errorPaths(errors: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = []
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (key === 'root' && !prefix) continue
    if (!value || typeof value !== 'object') continue
    if ('message' in value || 'type' in value) paths.push(`${prefix}${key}`)
    else paths.push(...errorPaths(value as Record<string, unknown>, `${prefix}${key}.`))
  }
  return paths
}

/** The first step (in wizard order) with an error, or null. */
export function firstStepWithError(errors: Record<string, unknown>, stepOfField: (path: string) => number) {
  const steps = errorPaths(errors).map(stepOfField)
  return steps.length ? Math.min(...steps) : null
}

export const StepWizard = ({
  steps,
  stepOfField,
  labels,
  initiallyVisited = 0,
  saveAlwaysEnabled = false,
  children,
}: StepWizardProps) => {
  const { trigger, getValues } = useFormContext()
  const { errors, isSubmitting } = useFormState()
  const [step, setStep] = useState(0)
  const [visited, setVisited] = useState(initiallyVisited)
  const wasSubmitting = useRef(false)
  const last = steps.length - 1

  useEffect(() => {
    if (wasSubmitting.current && !isSubmitting) {
      const first = firstStepWithError(errors as Record<string, unknown>, stepOfField)
      if (first !== null) setStep(first)
    }
    wasSubmitting.current = isSubmitting
  }, [isSubmitting, errors, stepOfField])

  const stepHasError = (index: number) =>
    errorPaths(errors as Record<string, unknown>).some((path) => stepOfField(path) === index)

  const goTo = (index: number) => {
    setStep(index)
    setVisited((current) => Math.max(current, index))
  }

  const next = async () => {
    const declared = steps[step].fields
    const fields = typeof declared === 'function' ? declared(getValues) : (declared ?? [])
    const valid = fields.length === 0 || (await trigger(fields, { shouldFocus: true }))
    if (valid) goTo(Math.min(step + 1, last))
  }

  // Enter in a field moves on instead of submitting the whole form from an early step.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && step < last && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault()
      void next()
    }
  }

  return (
    <Box sx={{ width: '100%' }} onKeyDown={onKeyDown}>
      {children}
      <Stepper nonLinear activeStep={step} sx={{ mb: 3, maxWidth: 900 }} aria-label={labels.steps}>
        {steps.map(({ name, label }, index) => (
          <Step key={name} completed={index < visited && index !== step}>
            <StepButton
              onClick={() => index <= visited && goTo(index)}
              disabled={index > visited}
              data-testid={`wizard-step-${name}`}
            >
              <StepLabel error={stepHasError(index)}>{label}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>

      {steps.map(({ name, label, content, onlyWhenCurrent }, index) =>
        onlyWhenCurrent ? (
          step === index && (
            <Box key={name} role="group" aria-label={label}>
              {content}
            </Box>
          )
        ) : (
          <Box key={name} hidden={step !== index} role="group" aria-label={label}>
            {content}
          </Box>
        )
      )}

      <Toolbar disableGutters sx={{ gap: 2, mt: 2 }}>
        <MuiButton onClick={() => goTo(step - 1)} disabled={step === 0}>
          {labels.back}
        </MuiButton>
        {step < last ? (
          <MuiButton variant="contained" onClick={() => void next()}>
            {labels.next}
          </MuiButton>
        ) : (
          <SaveButton alwaysEnable={saveAlwaysEnabled} />
        )}
      </Toolbar>
    </Box>
  )
}
