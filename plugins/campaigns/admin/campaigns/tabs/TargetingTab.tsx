import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined'
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'
import { CAMPAIGNS_API } from '../model'
import { fieldErrors, useCampaignPart } from './api'

/** Targeting rule blocks (spec §3 "Rule block"): a click is redirected when it matches any block. */
export const TARGETING_FIELDS = ['country', 'device', 'os', 'browser', 'language', 'ip', 'ip_range'] as const
export const TARGETING_OPERATORS = ['in', 'not_in'] as const
export const TARGETING_LOGICS = ['and', 'or'] as const

interface ConditionForm {
  field: string
  operator: string
  /** Comma-separated in the form; an array in the API. */
  values: string
}
interface BlockForm {
  id?: number
  name: string
  logic: string
  conditions: ConditionForm[]
}
interface RuleBlock {
  id: number
  name: string
  logic: string
  conditions: Array<{ field: string; operator: string; values: string[] }>
}

const EMPTY_CONDITION: ConditionForm = { field: 'country', operator: 'in', values: '' }
const EMPTY: BlockForm = { name: '', logic: 'and', conditions: [EMPTY_CONDITION] }

const splitValues = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)

export function toRuleBlockPayload(block: BlockForm) {
  return {
    name: block.name.trim(),
    logic: block.logic,
    conditions: block.conditions.map((condition) => ({
      field: condition.field,
      operator: condition.operator,
      values: splitValues(condition.values),
    })),
  }
}

/** The form's own checks (required name, values); the server checks the rest (countries, IP ranges) in the caller's language. */
export function validateRuleBlock(block: BlockForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!block.name.trim()) errors.name = 'campaigns.targeting.required'
  block.conditions.forEach((condition, index) => {
    if (!splitValues(condition.values).length) errors[`conditions.${index}.values`] = 'campaigns.targeting.required'
  })
  return errors
}

const RuleBlockDialog = ({
  block,
  onClose,
  onSave,
}: {
  block: BlockForm
  onClose: () => void
  onSave: (block: BlockForm) => Promise<Record<string, string> | null>
}) => {
  const translate = useTranslate()
  const [values, setValues] = useState<BlockForm>(block)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const message = (key: string | undefined) => (key ? translate(key, { _: key }) : ' ')
  const setCondition = (index: number, change: Partial<ConditionForm>) =>
    setValues((current) => ({
      ...current,
      conditions: current.conditions.map((condition, at) => (at === index ? { ...condition, ...change } : condition)),
    }))

  const save = async () => {
    const clientErrors = validateRuleBlock(values)
    setErrors(clientErrors)
    if (Object.keys(clientErrors).length) return
    setBusy(true)
    try {
      const serverErrors = await onSave(values)
      if (serverErrors) setErrors(serverErrors)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate(block.id ? 'campaigns.targeting.edit' : 'campaigns.targeting.add')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2, pt: 1 }}>
          <TextField
            label={translate('campaigns.targeting.name')}
            value={values.name}
            onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
            error={Boolean(errors.name)}
            helperText={message(errors.name)}
          />
          <TextField
            select
            label={translate('campaigns.targeting.logic')}
            value={values.logic}
            onChange={(event) => setValues((current) => ({ ...current, logic: event.target.value }))}
            error={Boolean(errors.logic)}
            helperText={message(errors.logic)}
          >
            {TARGETING_LOGICS.map((logic) => (
              <MenuItem key={logic} value={logic}>
                {translate(`campaigns.targeting.logics.${logic}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography variant="subtitle2">{translate('campaigns.targeting.conditions')}</Typography>
        {values.conditions.map((condition, index) => (
          <Box
            key={index}
            data-testid="targeting-condition"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr auto' },
              columnGap: 2,
              pt: 1,
              alignItems: 'start',
            }}
          >
            <TextField
              select
              label={translate('campaigns.targeting.field')}
              value={condition.field}
              onChange={(event) => setCondition(index, { field: event.target.value })}
            >
              {TARGETING_FIELDS.map((field) => (
                <MenuItem key={field} value={field}>
                  {translate(`campaigns.targeting.fields.${field}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('campaigns.targeting.operator')}
              value={condition.operator}
              onChange={(event) => setCondition(index, { operator: event.target.value })}
            >
              {TARGETING_OPERATORS.map((operator) => (
                <MenuItem key={operator} value={operator}>
                  {translate(`campaigns.targeting.operators.${operator}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('campaigns.targeting.values')}
              value={condition.values}
              onChange={(event) => setCondition(index, { values: event.target.value })}
              error={Boolean(errors[`conditions.${index}.values`] ?? errors[`conditions.${index}`])}
              helperText={message(errors[`conditions.${index}.values`] ?? errors[`conditions.${index}`])}
            />
            <IconButton
              aria-label={translate('campaigns.targeting.remove_condition')}
              disabled={values.conditions.length === 1}
              onClick={() =>
                setValues((current) => ({ ...current, conditions: current.conditions.filter((_, at) => at !== index) }))
              }
            >
              <RemoveIcon />
            </IconButton>
          </Box>
        ))}
        <MuiButton
          startIcon={<AddIcon />}
          onClick={() =>
            setValues((current) => ({ ...current, conditions: [...current.conditions, { ...EMPTY_CONDITION }] }))
          }
        >
          {translate('campaigns.targeting.add_condition')}
        </MuiButton>
        {errors.conditions && <Alert severity="error">{message(errors.conditions)}</Alert>}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" onClick={save} disabled={busy}>
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  )
}

/** Targeting rule blocks of the campaign: list, add, edit, delete (campaign managers; affiliates never see this tab). */
export const TargetingTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { canAccess: manage = false } = useCanAccess({ resource: 'campaigns', action: 'manage' })
  const { data, isPending, error, refresh } = useCampaignPart<RuleBlock[]>(record?.id, 'rule-blocks')
  const [editing, setEditing] = useState<BlockForm | null>(null)
  const blocks = Array.isArray(data) ? data : []
  const path = `${CAMPAIGNS_API}/${record?.id}/rule-blocks`

  const save = async (block: BlockForm) => {
    try {
      await dataProvider.request(editing?.id ? `${path}/${editing.id}` : path, {
        method: editing?.id ? 'PUT' : 'POST',
        body: toRuleBlockPayload(block),
      })
      notify(editing?.id ? 'campaigns.targeting.updated' : 'campaigns.targeting.added', { type: 'info' })
      setEditing(null)
      await refresh()
      return null
    } catch (failure) {
      const errors = fieldErrors(failure)
      if (Object.keys(errors).length) return errors
      notifyError(failure)
      return {}
    }
  }

  const remove = async (block: RuleBlock) => {
    try {
      await dataProvider.request(`${path}/${block.id}`, { method: 'DELETE' })
      notify('campaigns.targeting.deleted', { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }

  const describe = (block: RuleBlock) =>
    block.conditions
      .map(
        (condition) =>
          `${translate(`campaigns.targeting.fields.${condition.field}`, { _: condition.field })} ${translate(`campaigns.targeting.operators.${condition.operator}`, { _: condition.operator })} ${condition.values.join(', ')}`
      )
      .join(block.logic === 'or' ? ' | ' : ' & ')

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('campaigns.targeting.help')}
      </Typography>
      {manage && (
        <MuiButton startIcon={<AddIcon />} onClick={() => setEditing(EMPTY)} sx={{ mb: 1 }}>
          {translate('campaigns.targeting.add')}
        </MuiButton>
      )}
      {error ? <Alert severity="warning">{translate('campaigns.targeting.unavailable')}</Alert> : null}
      {!isPending && !error && !blocks.length && (
        <Typography variant="body2">{translate('campaigns.targeting.empty')}</Typography>
      )}
      {blocks.length > 0 && (
        <Table size="small" aria-label={translate('campaigns.tabs.targeting')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('campaigns.targeting.name')}</TableCell>
              <TableCell>{translate('campaigns.targeting.logic')}</TableCell>
              <TableCell>{translate('campaigns.targeting.conditions')}</TableCell>
              {manage && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {blocks.map((block) => (
              <TableRow key={block.id} data-testid="rule-block-row">
                <TableCell>{block.name}</TableCell>
                <TableCell>{translate(`campaigns.targeting.logics.${block.logic}`, { _: block.logic })}</TableCell>
                <TableCell>{describe(block)}</TableCell>
                {manage && (
                  <TableCell align="right">
                    <IconButton
                      aria-label={translate('campaigns.targeting.edit')}
                      onClick={() =>
                        setEditing({
                          id: block.id,
                          name: block.name,
                          logic: block.logic,
                          conditions: block.conditions.map((condition) => ({
                            ...condition,
                            values: condition.values.join(', '),
                          })),
                        })
                      }
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={translate('campaigns.targeting.delete')} onClick={() => remove(block)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <RuleBlockDialog block={editing} onClose={() => setEditing(null)} onSave={save} />}
    </Box>
  )
}
