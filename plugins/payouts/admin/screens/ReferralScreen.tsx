/*
 * /engagements/referral: referral commissions per referrer and level (1–3), and — for those
 * who configure it — the referral setting (COMMISSIONS §10, spec §3 "Referral setting"):
 * method (% of NGR or % of payout), the percentages of levels 1–3, partner referral, and
 * referrers' own percentages. Until a setting is saved the API says "Global referral does
 * not exist" and the form starts empty.
 */
import {
  Box,
  Card,
  CardContent,
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
import { Button, Loading, Title, useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, useAbility } from '../model'
import { AffiliateName, money, PeriodPicker } from './shared'

interface ReferralLine {
  period: string
  referrerId: number
  level: 1 | 2 | 3
  currency: string
  referredAffiliates: number
  amount: string
}

interface ReferralSetting {
  method: 'ngr' | 'payout'
  levels: Array<string | null>
  partnerReferral: boolean
  overrides: Array<{ affiliateId: number; levels: Array<string | null> }>
}

const LEVELS = [0, 1, 2] as const

const Report = ({ network }: { network: boolean }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [period, setPeriod] = useState('')
  const [level, setLevel] = useState('')
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'referrals', period, level],
    queryFn: async () =>
      (
        await dataProvider.request<ReferralLine[]>(`${PAYOUTS_API}/referrals`, {
          query: { ...(period ? { period } : {}), ...(level ? { level } : {}) },
        })
      ).data,
  })
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, my: 2 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <TextField
          select
          size="small"
          label={translate('payouts.referrals.level')}
          value={level}
          onChange={(event) => setLevel(event.target.value)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{translate('payouts.referrals.all_levels')}</MenuItem>
          {[1, 2, 3].map((value) => (
            <MenuItem key={value} value={String(value)}>
              {translate('payouts.referrals.level_n', { level: value })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isPending ? (
        <Loading />
      ) : !data?.length ? (
        <Typography sx={{ my: 3 }}>{translate('payouts.referrals.empty')}</Typography>
      ) : (
        <Card variant="outlined">
          <Table size="small" data-testid="referral-report">
            <TableHead>
              <TableRow>
                <TableCell>{translate('payouts.fields.period')}</TableCell>
                {network && <TableCell>{translate('payouts.referrals.referrer')}</TableCell>}
                <TableCell>{translate('payouts.referrals.level')}</TableCell>
                <TableCell align="right">{translate('payouts.referrals.referred')}</TableCell>
                <TableCell>{translate('payouts.fields.currency')}</TableCell>
                <TableCell align="right">{translate('payouts.fields.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((line) => (
                <TableRow key={`${line.period}:${line.referrerId}:${line.level}:${line.currency}`}>
                  <TableCell>{line.period}</TableCell>
                  {network && (
                    <TableCell>
                      <AffiliateName id={line.referrerId} lookup={network} />
                    </TableCell>
                  )}
                  <TableCell>{line.level}</TableCell>
                  <TableCell align="right">{line.referredAffiliates}</TableCell>
                  <TableCell>{line.currency}</TableCell>
                  <TableCell {...money(line.amount)} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  )
}

const Settings = ({ manage }: { manage: boolean }) => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'referral-settings'],
    queryFn: async () => {
      try {
        return (await dataProvider.request<ReferralSetting>(`${PAYOUTS_API}/referral-settings`)).data
      } catch (error) {
        // 404 "Global referral does not exist": nothing saved yet, the form starts empty.
        if ((error as { status?: number }).status === 404) return null
        throw error
      }
    },
    retry: false,
  })
  const [method, setMethod] = useState<'ngr' | 'payout'>('payout')
  const [levels, setLevels] = useState(['', '', ''])
  const [partner, setPartner] = useState(false)
  const [override, setOverride] = useState({ affiliateId: '', levels: ['', '', ''] })
  useEffect(() => {
    if (!data) return
    setMethod(data.method)
    setLevels(data.levels.map((value) => value ?? ''))
    setPartner(data.partnerReferral)
  }, [data])

  const call = async (path: string, method: 'PUT' | 'DELETE', body?: unknown) => {
    try {
      await dataProvider.request(`${PAYOUTS_API}/referral-settings${path}`, { method, body })
      notify('payouts.referrals.saved', { type: 'info' })
      await queryClient.invalidateQueries({ queryKey: ['payouts', 'referral-settings'] })
      return true
    } catch (error) {
      notifyError(error)
      return false
    }
  }
  const percent = (value: string) => (value.trim() === '' ? null : Number(value))
  if (isPending) return <Loading />
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6">{translate('payouts.referrals.settings')}</Typography>
        {!data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('payouts.referrals.none_yet')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 2 }}>
          <TextField
            select
            size="small"
            label={translate('payouts.referrals.method')}
            value={method}
            disabled={!manage}
            onChange={(event) => setMethod(event.target.value as 'ngr' | 'payout')}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="payout">{translate('payouts.referrals.methods.payout')}</MenuItem>
            <MenuItem value="ngr">{translate('payouts.referrals.methods.ngr')}</MenuItem>
          </TextField>
          {LEVELS.map((index) => (
            <TextField
              key={index}
              size="small"
              type="number"
              label={translate('payouts.referrals.level_percent', { level: index + 1 })}
              value={levels[index]}
              disabled={!manage}
              onChange={(event) => setLevels(levels.map((value, at) => (at === index ? event.target.value : value)))}
              slotProps={{ htmlInput: { min: 0, max: 100, step: '0.0001' } }}
              sx={{ width: 130 }}
            />
          ))}
          <FormControlLabel
            control={
              <Switch checked={partner} disabled={!manage} onChange={(event) => setPartner(event.target.checked)} />
            }
            label={translate('payouts.referrals.partner')}
          />
          {manage && (
            <Button
              label="ra.action.save"
              variant="contained"
              onClick={() =>
                call('', 'PUT', { method, levels: levels.map((value) => Number(value || 0)), partnerReferral: partner })
              }
            />
          )}
        </Box>
        {data && (
          <>
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              {translate('payouts.referrals.overrides')}
            </Typography>
            {!data.partnerReferral && (
              <Typography variant="body2" color="text.secondary">
                {translate('payouts.referrals.overrides_off')}
              </Typography>
            )}
            <Table size="small">
              <TableBody>
                {data.overrides.map((entry) => (
                  <TableRow key={entry.affiliateId}>
                    <TableCell>
                      <AffiliateName id={entry.affiliateId} lookup />
                    </TableCell>
                    {entry.levels.map((value, index) => (
                      <TableCell key={index}>{value === null ? '—' : `${value} %`}</TableCell>
                    ))}
                    <TableCell align="right">
                      {manage && (
                        <Button
                          label="ra.action.delete"
                          onClick={() => call(`/overrides/${entry.affiliateId}`, 'DELETE')}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {manage && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
                <TextField
                  size="small"
                  type="number"
                  label={translate('payouts.referrals.affiliate_id')}
                  value={override.affiliateId}
                  onChange={(event) => setOverride({ ...override, affiliateId: event.target.value })}
                  sx={{ width: 140 }}
                />
                {LEVELS.map((index) => (
                  <TextField
                    key={index}
                    size="small"
                    type="number"
                    label={translate('payouts.referrals.level_percent', { level: index + 1 })}
                    value={override.levels[index]}
                    onChange={(event) =>
                      setOverride({
                        ...override,
                        levels: override.levels.map((value, at) => (at === index ? event.target.value : value)),
                      })
                    }
                    sx={{ width: 130 }}
                  />
                ))}
                <Button
                  label="payouts.referrals.add_override"
                  disabled={!override.affiliateId}
                  onClick={async () => {
                    if (
                      await call(`/overrides/${Number(override.affiliateId)}`, 'PUT', {
                        levels: override.levels.map(percent),
                      })
                    )
                      setOverride({ affiliateId: '', levels: ['', '', ''] })
                  }}
                />
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

export const ReferralScreen = () => {
  const translate = useTranslate()
  const { identity } = useGetIdentity()
  const network = identity !== undefined && identity.role !== 'affiliate'
  const readsSettings = useAbility('payouts.settings', 'read')
  const manage = useAbility('payouts.settings', 'manage')
  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate('payouts.referrals.title')} />
      <Report network={network} />
      {readsSettings && <Settings manage={manage} />}
    </Box>
  )
}
