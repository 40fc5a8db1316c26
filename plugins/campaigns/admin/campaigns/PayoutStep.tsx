import { Box, Button as MuiButton, IconButton, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { useFieldArray, useWatch } from 'react-hook-form'
import { BooleanInput, NumberInput, SelectInput, useTranslate, type Validator } from 'react-admin'
import {
  keptFields,
  MAX_RANGE_RULES,
  PAYOUT_GOALS,
  PAYOUT_MODELS,
  PERCENT_FIELDS,
  RANGE_MODES,
  RULE_OPERATORS,
  RULE_VARIABLES,
  validatePayout,
  type PayoutModel,
} from './payout'
import { Row } from './CampaignSteps'

const choices = (prefix: string, values: readonly string[]) => values.map((id) => ({ id, name: `${prefix}.${id}` }))

/** One validator for every payout input: the plan's own check, read at this input's path. */
export const payoutRule =
  (path: string): Validator =>
  (_value: unknown, values: Record<string, any>) =>
    validatePayout(values?.payout)[path]

const Rules = () => {
  const translate = useTranslate()
  const { fields, append, remove } = useFieldArray({ name: 'payout.rules' })
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{translate('campaigns.payout.rules')}</Typography>
      {fields.map((field, index) => {
        const path = `payout.rules.${index}`
        return (
          <Row key={field.id}>
            <SelectInput
              source={`${path}.variable`}
              label="campaigns.payout.variable"
              choices={choices('campaigns.payout.variables', RULE_VARIABLES)}
              validate={payoutRule(`${path}.variable`)}
              fullWidth
            />
            <SelectInput
              source={`${path}.operator`}
              label="campaigns.payout.operator"
              choices={choices('campaigns.payout.operators', RULE_OPERATORS)}
              validate={payoutRule(`${path}.operator`)}
              fullWidth
            />
            <NumberInput
              source={`${path}.value`}
              label="campaigns.payout.value"
              validate={payoutRule(`${path}.value`)}
              fullWidth
            />
            <NumberInput
              source={`${path}.numberOfDays`}
              label="campaigns.payout.days"
              validate={payoutRule(`${path}.numberOfDays`)}
              fullWidth
            />
            <NumberInput
              source={`${path}.cumulativeDeposit`}
              label="campaigns.payout.cumulativeDeposit"
              validate={payoutRule(`${path}.cumulativeDeposit`)}
              fullWidth
            />
            <BooleanInput source={`${path}.isPercentage`} label="campaigns.payout.isPercentage" />
            <IconButton aria-label={translate('campaigns.payout.remove_rule')} onClick={() => remove(index)}>
              <DeleteIcon />
            </IconButton>
          </Row>
        )
      })}
      <MuiButton
        startIcon={<AddIcon />}
        onClick={() => append({ variable: '', operator: 'gte', value: '', isPercentage: false })}
      >
        {translate('campaigns.payout.add_rule')}
      </MuiButton>
    </Box>
  )
}

/** Range rules (spec §5): up to 10, each value greater than the previous; once enabled they can only be removed. */
const RangeRules = () => {
  const translate = useTranslate()
  const enabled = useWatch({ name: 'payout.rangeRules.enabled' })
  const model = useWatch({ name: 'payout.model' })
  const { fields, append, remove } = useFieldArray({ name: 'payout.rangeRules.ranges' })
  return (
    <Box sx={{ mt: 2 }}>
      <BooleanInput
        source="payout.rangeRules.enabled"
        label="campaigns.payout.range_rules"
        disabled={Boolean(enabled) && fields.length > 0}
      />
      {enabled && (
        <>
          {model !== 'cps' && (
            <SelectInput
              source="payout.rangeRules.mode"
              label="campaigns.payout.range_mode"
              choices={choices('campaigns.payout.range_modes', RANGE_MODES)}
              defaultValue="marginal"
            />
          )}
          {fields.map((field, index) => {
            const path = `payout.rangeRules.ranges.${index}`
            return (
              <Row key={field.id}>
                <NumberInput
                  source={`${path}.from`}
                  label={translate('campaigns.payout.range_from', { index: index + 1 })}
                  validate={payoutRule(`${path}.from`)}
                  fullWidth
                />
                <NumberInput
                  source={`${path}.payout`}
                  label={translate('campaigns.payout.range_payout', { index: index + 1 })}
                  validate={payoutRule(`${path}.payout`)}
                  fullWidth
                />
                <IconButton aria-label={translate('campaigns.payout.remove_range')} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              </Row>
            )
          })}
          <MuiButton
            startIcon={<AddIcon />}
            onClick={() => append({ from: '', payout: '' })}
            disabled={fields.length >= MAX_RANGE_RULES}
          >
            {translate('campaigns.payout.add_range')}
          </MuiButton>
          <Typography variant="caption" component="p">
            {translate('campaigns.payout.range_help', { max: MAX_RANGE_RULES })}
          </Typography>
        </>
      )}
    </Box>
  )
}

export const PayoutStep = () => {
  const translate = useTranslate()
  const model = (useWatch({ name: 'payout.model' }) as PayoutModel | undefined) ?? 'cpa'
  const goal = useWatch({ name: 'payout.goal' })
  const kept = keptFields(model, goal)
  const fields = kept.fields
  return (
    <Box sx={{ width: '100%', maxWidth: 1100 }} data-testid="payout-step">
      <Row>
        <SelectInput
          source="payout.model"
          label="campaigns.payout.model"
          choices={choices('campaigns.payout.models', PAYOUT_MODELS)}
          validate={payoutRule('payout.model')}
          fullWidth
        />
        <SelectInput
          source="payout.goal"
          label="campaigns.payout.goal"
          choices={choices('campaigns.commission_variables', PAYOUT_GOALS)}
          emptyText="campaigns.payout.no_goal"
          validate={payoutRule('payout.goal')}
          fullWidth
        />
      </Row>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, columnGap: 2 }}>
        {fields.map((field) => (
          <NumberInput
            key={`${model}-${field}`}
            source={`payout.${field}`}
            label={`campaigns.payout.fields.${field}`}
            helperText={PERCENT_FIELDS.has(field) ? 'campaigns.payout.percent_help' : 'campaigns.payout.amount_help'}
            validate={payoutRule(`payout.${field}`)}
            fullWidth
          />
        ))}
      </Box>
      <Row>
        {kept.cumulative && (
          <>
            <NumberInput
              source="payout.cumulativeDeposit"
              label="campaigns.payout.cumulativeDeposit"
              validate={payoutRule('payout.cumulativeDeposit')}
              fullWidth
            />
            <NumberInput
              source="payout.numberOfDays"
              label="campaigns.payout.days"
              validate={payoutRule('payout.numberOfDays')}
              fullWidth
            />
          </>
        )}
        <NumberInput
          source="payout.qftd.minDeposit"
          label="campaigns.payout.qftd"
          helperText="campaigns.payout.qftd_help"
          fullWidth
        />
        <NumberInput
          source="payout.qftd.daysSinceRegistration"
          label="campaigns.payout.daysSinceRegistration"
          fullWidth
        />
        <NumberInput
          source="payout.defaultPayout"
          label="campaigns.payout.defaultPayout"
          validate={payoutRule('payout.defaultPayout')}
          fullWidth
        />
      </Row>
      <Rules />
      <RangeRules />
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {translate('campaigns.payout.change_rule')}
      </Typography>
    </Box>
  )
}
