import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
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
import {
  CAP_ACTIONS,
  CAP_PERIODS,
  CAP_TYPES,
  CAP_VARIABLES,
  CAP_VISIBILITIES,
  toCapPayload,
  validateCap,
  type CapForm,
} from '../caps'
import { fieldErrors, useCampaignPart } from './api'

export interface Cap extends CapForm {
  id: number
}

const EMPTY: CapForm = {
  variable: 'clicks',
  type: 'combined',
  visibility: 'public',
  action: 'reject_activity',
  limits: {},
}

/** The cap dialog: client checks of spec §5 first, then the server's (field errors shown under the inputs). */
export const CapDialog = ({
  cap,
  onClose,
  onSave,
}: {
  cap: CapForm
  onClose: () => void
  onSave: (cap: CapForm) => Promise<Record<string, string> | null>
}) => {
  const translate = useTranslate()
  const [values, setValues] = useState<CapForm>(cap)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (field: keyof CapForm, value: string) => setValues((current) => ({ ...current, [field]: value }))
  const setLimit = (period: string, value: string) =>
    setValues((current) => ({ ...current, limits: { ...current.limits, [period]: value } }))
  const message = (key: string | undefined) => (key ? translate(key, { _: key }) : ' ')

  const save = async () => {
    const clientErrors = validateCap(values)
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

  const select = (field: 'variable' | 'type' | 'visibility' | 'action', options: readonly string[], prefix: string) => (
    <TextField
      select
      label={translate(`campaigns.caps.fields.${field}`)}
      value={values[field] ?? ''}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={message(errors[field])}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`${prefix}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  )

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate(cap.id ? 'campaigns.caps.edit' : 'campaigns.caps.add')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, pt: 1 }}>
          {select('variable', CAP_VARIABLES, 'campaigns.caps.variables')}
          {select('type', CAP_TYPES, 'campaigns.caps.types')}
          {select('visibility', CAP_VISIBILITIES, 'campaigns.visibility')}
          {select('action', CAP_ACTIONS, 'campaigns.caps.actions')}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {translate('campaigns.caps.limits')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(5, 1fr)' }, columnGap: 2, pt: 1 }}>
          {CAP_PERIODS.map((period) => (
            <TextField
              key={period}
              type="number"
              label={translate(`campaigns.caps.periods.${period}`)}
              value={values.limits?.[period] ?? ''}
              onChange={(event) => setLimit(period, event.target.value)}
              error={Boolean(errors[`limits.${period}`])}
              helperText={message(errors[`limits.${period}`])}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          ))}
        </Box>
        {errors.limits && <Alert severity="error">{message(errors.limits)}</Alert>}
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

const limitsText = (cap: Cap, translate: (key: string) => string) =>
  CAP_PERIODS.filter((period) => cap.limits?.[period] != null)
    .map((period) => `${translate(`campaigns.caps.periods.${period}`)}: ${cap.limits![period]}`)
    .join(', ')

/** Caps of the campaign: list, add, edit, delete (affiliates: read-only, public values only — the server filters). */
export const CapsTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { canAccess: manage = false } = useCanAccess({ resource: 'campaigns', action: 'manage' })
  const { data, isPending, error, refresh } = useCampaignPart<Cap[]>(record?.id, 'caps')
  const [editing, setEditing] = useState<CapForm | null>(null)
  const caps = Array.isArray(data) ? data : []
  const path = `${CAMPAIGNS_API}/${record?.id}/caps`

  const save = async (cap: CapForm) => {
    try {
      await dataProvider.request(editing?.id ? `${path}/${editing.id}` : path, {
        method: editing?.id ? 'PUT' : 'POST',
        body: toCapPayload(cap),
      })
      notify(editing?.id ? 'campaigns.caps.updated' : 'campaigns.caps.added', { type: 'info' })
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

  const remove = async (cap: Cap) => {
    try {
      await dataProvider.request(`${path}/${cap.id}`, { method: 'DELETE' })
      notify('campaigns.caps.deleted', { type: 'info' })
      await refresh()
    } catch (failure) {
      notifyError(failure)
    }
  }

  return (
    <Box sx={{ maxWidth: 1100 }}>
      {manage && (
        <MuiButton startIcon={<AddIcon />} onClick={() => setEditing(EMPTY)} sx={{ mb: 1 }}>
          {translate('campaigns.caps.add')}
        </MuiButton>
      )}
      {error ? <Alert severity="warning">{translate('campaigns.caps.unavailable')}</Alert> : null}
      {!isPending && !error && !caps.length && (
        <Typography variant="body2">{translate('campaigns.caps.empty')}</Typography>
      )}
      {caps.length > 0 && (
        <Table size="small" aria-label={translate('campaigns.tabs.caps')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('campaigns.caps.fields.variable')}</TableCell>
              <TableCell>{translate('campaigns.caps.fields.type')}</TableCell>
              <TableCell>{translate('campaigns.caps.fields.visibility')}</TableCell>
              <TableCell>{translate('campaigns.caps.limits')}</TableCell>
              <TableCell>{translate('campaigns.caps.fields.action')}</TableCell>
              {manage && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {caps.map((cap) => (
              <TableRow key={cap.id} data-testid="cap-row">
                <TableCell>{translate(`campaigns.caps.variables.${cap.variable}`, { _: cap.variable })}</TableCell>
                <TableCell>{translate(`campaigns.caps.types.${cap.type}`, { _: cap.type })}</TableCell>
                <TableCell>{translate(`campaigns.visibility.${cap.visibility}`, { _: cap.visibility })}</TableCell>
                <TableCell>{limitsText(cap, translate)}</TableCell>
                <TableCell>{translate(`campaigns.caps.actions.${cap.action}`, { _: cap.action })}</TableCell>
                {manage && (
                  <TableCell align="right">
                    <IconButton
                      aria-label={translate('campaigns.caps.edit')}
                      onClick={() => setEditing({ ...cap, limits: { ...cap.limits } })}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={translate('campaigns.caps.delete')} onClick={() => remove(cap)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <CapDialog cap={editing} onClose={() => setEditing(null)} onSave={save} />}
    </Box>
  )
}
