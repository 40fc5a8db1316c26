import { StepWizard, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useFormContext } from 'react-hook-form'
import { Form, useDataProvider, useRecordContext, useTranslate } from 'react-admin'
import { AdvancedStep, BasicStep } from './CampaignSteps'
import { ADVANCED_FIELDS, BASIC_FIELDS, CAMPAIGNS_API, CREATE_DEFAULTS, stepOfField, WIZARD_STEPS } from './model'
import { fromPayoutResponse } from './payout'
import { PayoutStep } from './PayoutStep'

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

/** Basic → Advanced → Payout; on edit every step is open at once, and the plan is loaded into the payout step. */
export const CampaignWizardSteps = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate()
  return (
    <StepWizard
      steps={[
        {
          name: 'basic',
          label: translate('campaigns.wizard.basic'),
          content: <BasicStep />,
          fields: [...BASIC_FIELDS],
        },
        {
          name: 'advanced',
          label: translate('campaigns.wizard.advanced'),
          content: <AdvancedStep />,
          fields: [...ADVANCED_FIELDS],
        },
        { name: 'payout', label: translate('campaigns.wizard.payout'), content: <PayoutStep />, fields: ['payout'] },
      ]}
      stepOfField={stepOfField}
      labels={{
        steps: translate('campaigns.wizard.steps_label'),
        back: translate('campaigns.wizard.back'),
        next: translate('campaigns.wizard.next'),
      }}
      initiallyVisited={mode === 'edit' ? WIZARD_STEPS.indexOf('payout') : 0}
      saveAlwaysEnabled={mode === 'create'}
    >
      {mode === 'edit' && <LoadPayout />}
    </StepWizard>
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
