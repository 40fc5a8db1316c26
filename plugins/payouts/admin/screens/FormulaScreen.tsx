/*
 * /configuration/brand-formula: a brand's GGR/NGR formula override (COMMISSIONS §4, spec §3
 * "custom formula required; enabled or disabled after confirmation"). The formulas are
 * checked live against sample values as they are typed (nothing saved: POST
 * /formulas/check), with the position of a mistake; a save is a new version, and enabling
 * or disabling the override asks for a confirmation first (it changes commissions).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Button, Loading, Title, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, useAbility } from '../model'

interface FormulaVersion {
  version: number
  ggr: string | null
  ngr: string | null
  enabled: boolean
  createdAt: string
}
interface BrandFormula {
  brandId: number
  current: FormulaVersion | null
  defaults: { ggr: string; ngr: string }
  versions: FormulaVersion[]
}
interface FormulaCheck {
  valid: boolean
  errors: Array<{ field: 'ggr' | 'ngr'; position: number; message: string }>
  result: { ggr: string; ngr: string; divisionByZero: 'ggr' | 'ngr' | null } | null
}

const SAMPLE_FIELDS = [
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'deposits',
  'withdrawals',
  'adjustments',
]
const DEFAULT_SAMPLE: Record<string, string> = {
  bets: '1000',
  wins: '800',
  bonuses: '50',
  chargebacks: '10',
  fees: '5',
  jackpot: '0',
  deposits: '500',
  withdrawals: '200',
  adjustments: '0',
}

/** The live check: re-run 400 ms after the last keystroke. */
function useFormulaCheck(ggr: string, ngr: string, sample: Record<string, string>) {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [check, setCheck] = useState<FormulaCheck | null>(null)
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      const values = Object.fromEntries(
        Object.entries(sample)
          .filter(([, value]) => value.trim() !== '' && Number.isFinite(Number(value)))
          .map(([key, value]) => [key, Number(value)])
      )
      dataProvider
        .request<FormulaCheck>(`${PAYOUTS_API}/formulas/check`, {
          method: 'POST',
          body: { ggr: ggr.trim() || null, ngr: ngr.trim() || null, sample: values },
        })
        .then(({ data }) => current && setCheck(data))
        .catch(() => current && setCheck(null))
    }, 400)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [dataProvider, ggr, ngr, sample])
  return check
}

const Editor = ({ brandId, manage }: { brandId: number; manage: boolean }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'formula', brandId],
    queryFn: async () => (await dataProvider.request<BrandFormula>(`${PAYOUTS_API}/brands/${brandId}/formula`)).data,
  })
  const [ggr, setGgr] = useState('')
  const [ngr, setNgr] = useState('')
  const [enabled, setEnabled] = useState(false)
  const [sample, setSample] = useState(DEFAULT_SAMPLE)
  const [confirming, setConfirming] = useState(false)
  useEffect(() => {
    if (!data) return
    setGgr(data.current?.ggr ?? '')
    setNgr(data.current?.ngr ?? '')
    setEnabled(data.current?.enabled ?? false)
  }, [data])
  const check = useFormulaCheck(ggr, ngr, sample)
  if (isPending || !data) return <Loading />
  const toggles = enabled !== (data.current?.enabled ?? false)

  const save = async () => {
    setConfirming(false)
    try {
      await dataProvider.request(`${PAYOUTS_API}/brands/${brandId}/formula`, {
        method: 'PUT',
        body: { ggr: ggr.trim() || null, ngr: ngr.trim() || null, enabled, ...(toggles ? { confirm: true } : {}) },
      })
      notify('payouts.formula.saved', { type: 'info' })
      await queryClient.invalidateQueries({ queryKey: ['payouts', 'formula', brandId] })
    } catch (error) {
      notifyError(error)
    }
  }
  const errorsOf = (field: 'ggr' | 'ngr') =>
    (check?.errors ?? [])
      .filter((error) => error.field === field)
      .map((error) => `${error.message} (${translate('payouts.formula.position', { position: error.position + 1 })})`)
      .join('; ')

  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {translate('payouts.formula.defaults', { ggr: data.defaults.ggr, ngr: data.defaults.ngr })}
        </Typography>
        {(['ggr', 'ngr'] as const).map((field) => (
          <TextField
            key={field}
            fullWidth
            margin="normal"
            label={translate(`payouts.formula.${field}`)}
            placeholder={data.defaults[field]}
            value={field === 'ggr' ? ggr : ngr}
            disabled={!manage}
            onChange={(event) => (field === 'ggr' ? setGgr : setNgr)(event.target.value)}
            error={Boolean(errorsOf(field))}
            helperText={errorsOf(field) || ' '}
            slotProps={{ htmlInput: { 'data-testid': `formula-${field}`, style: { fontFamily: 'monospace' } } }}
          />
        ))}
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate('payouts.formula.sample')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, my: 1 }}>
          {SAMPLE_FIELDS.map((field) => (
            <TextField
              key={field}
              size="small"
              type="number"
              label={translate(`payouts.formula.fields.${field}`, { _: field })}
              value={sample[field]}
              onChange={(event) => setSample({ ...sample, [field]: event.target.value })}
              sx={{ width: 130 }}
            />
          ))}
        </Box>
        {check?.result && (
          <Alert severity={check.result.divisionByZero ? 'warning' : 'success'} data-testid="formula-result">
            {translate('payouts.formula.result', { ggr: check.result.ggr, ngr: check.result.ngr })}
            {check.result.divisionByZero
              ? ` — ${translate('payouts.formula.division_by_zero', { field: check.result.divisionByZero.toUpperCase() })}`
              : ''}
          </Alert>
        )}
        {check && !check.valid && (
          <Alert severity="error" data-testid="formula-invalid">
            {translate('payouts.formula.invalid')}
          </Alert>
        )}
        {manage && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
              label={translate('payouts.formula.enabled')}
            />
            <Button
              label="ra.action.save"
              variant="contained"
              disabled={Boolean(check && !check.valid)}
              onClick={() => (toggles ? setConfirming(true) : save())}
            />
          </Box>
        )}
        {data.versions.length > 0 && (
          <Table size="small" sx={{ mt: 3 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('payouts.formula.version')}</TableCell>
                <TableCell>GGR</TableCell>
                <TableCell>NGR</TableCell>
                <TableCell>{translate('payouts.formula.enabled')}</TableCell>
                <TableCell>{translate('payouts.fields.at')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.versions.map((version) => (
                <TableRow key={version.version}>
                  <TableCell>{version.version}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{version.ggr ?? '—'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{version.ngr ?? '—'}</TableCell>
                  <TableCell>{translate(version.enabled ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  <TableCell>{new Date(version.createdAt).toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Dialog open={confirming} onClose={() => setConfirming(false)}>
          <DialogTitle>
            {translate(enabled ? 'payouts.formula.confirm_enable' : 'payouts.formula.confirm_disable')}
          </DialogTitle>
          <DialogContent>{translate('payouts.formula.confirm_text')}</DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setConfirming(false)} />
            <Button label="ra.action.confirm" onClick={save} variant="contained" />
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  )
}

export const FormulaScreen = () => {
  const translate = useTranslate()
  const manage = useAbility('payouts.settings', 'manage')
  const { data: brands, isPending } = useGetList('manage/brand', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  })
  const [brandId, setBrandId] = useState<number | ''>('')
  useEffect(() => {
    if (brandId === '' && brands?.length) setBrandId(Number(brands[0].id))
  }, [brands, brandId])
  if (isPending) return <Loading />
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('payouts.formula.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        {translate('payouts.formula.hint')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('payouts.fields.brandId')}
        value={brandId}
        onChange={(event) => setBrandId(Number(event.target.value))}
        sx={{ minWidth: 260 }}
      >
        {(brands ?? []).map((brand) => (
          <MenuItem key={brand.id} value={Number(brand.id)}>
            {brand.name}
          </MenuItem>
        ))}
      </TextField>
      {brandId !== '' && <Editor key={brandId} brandId={brandId} manage={manage} />}
    </Box>
  )
}
