import { Box, Typography } from '@mui/material'
import { Labeled, useRecordContext, useTranslate } from 'react-admin'
import { fromPayoutResponse, MODEL_FIELDS, PERCENT_FIELDS, type PayoutForm } from '../payout'
import { useCampaignPart } from './api'

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value))

/** The payout plan read-only (edited in the wizard's payout step). */
export const PayoutSummary = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const { data, isPending, error } = useCampaignPart<Record<string, unknown>>(record?.id, 'payout')
  if (isPending) return null
  if (error || !data) return <Typography variant="body2">{translate('campaigns.payout.none')}</Typography>
  const plan: PayoutForm = fromPayoutResponse(data)
  const model = plan.model ?? 'cpa'
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1 }}
      data-testid="payout-summary"
    >
      <Labeled label="campaigns.payout.model">
        <Typography variant="body2">{translate(`campaigns.payout.models.${model}`, { _: model })}</Typography>
      </Labeled>
      <Labeled label="campaigns.payout.goal">
        <Typography variant="body2">
          {plan.goal ? translate(`campaigns.commission_variables.${plan.goal}`, { _: String(plan.goal) }) : '—'}
        </Typography>
      </Labeled>
      {MODEL_FIELDS[model]?.map((field) => (
        <Labeled key={field} label={`campaigns.payout.fields.${field}`}>
          <Typography variant="body2">
            {shown(plan[field])}
            {PERCENT_FIELDS.has(field) && plan[field] != null ? ' %' : ''}
          </Typography>
        </Labeled>
      ))}
      {!compact && (
        <>
          <Labeled label="campaigns.payout.defaultPayout">
            <Typography variant="body2">{shown(plan.defaultPayout)}</Typography>
          </Labeled>
          <Labeled label="campaigns.payout.qftd">
            <Typography variant="body2">{shown(plan.qftd?.minDeposit)}</Typography>
          </Labeled>
          <Labeled label="campaigns.payout.rules">
            <Typography variant="body2">{plan.rules?.length ?? 0}</Typography>
          </Labeled>
          <Labeled label="campaigns.payout.range_rules">
            <Typography variant="body2">
              {(plan.rangeRules?.enabled ? (plan.rangeRules.ranges ?? []) : [])
                .map((rule) => `≥ ${rule.from}: ${rule.payout}`)
                .join(' · ') || '—'}
            </Typography>
          </Labeled>
        </>
      )}
    </Box>
  )
}

/** Billing: the campaign's currency and commission variable with its plan, read-only. */
export const BillingTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record) return null
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Labeled label="resources.manage/campaign.fields.currency">
        <Typography variant="body2">{shown(record.currency)}</Typography>
      </Labeled>
      <Labeled label="resources.manage/campaign.fields.commissionVariable">
        <Typography variant="body2">
          {translate(`campaigns.commission_variables.${record.commissionVariable}`, {
            _: shown(record.commissionVariable),
          })}
        </Typography>
      </Labeled>
      <PayoutSummary compact />
    </Box>
  )
}
