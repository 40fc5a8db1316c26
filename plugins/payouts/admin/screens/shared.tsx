/* Pieces the ledger's report screens share: the periods for a picker, an affiliate's name, money cells. */
import { MenuItem, TextField } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider, useGetOne, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, type Periods } from '../model'

export function usePeriods() {
  const dataProvider = useDataProvider<AffixDataProvider>()
  return useQuery({
    queryKey: ['payouts', 'periods'],
    queryFn: async () => (await dataProvider.request<Periods>(`${PAYOUTS_API}/periods`)).data,
  })
}

/** A period picker (newest first); the empty choice means every period. */
export const PeriodPicker = ({
  value,
  onChange,
  allowAll = true,
}: {
  value: string
  onChange: (period: string) => void
  allowAll?: boolean
}) => {
  const translate = useTranslate()
  const { data } = usePeriods()
  return (
    <TextField
      select
      size="small"
      label={translate('payouts.fields.period')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={false}
      sx={{ minWidth: 180, flex: '0 0 auto' }}
    >
      {allowAll && <MenuItem value="">{translate('payouts.all_periods')}</MenuItem>}
      {(data?.periods ?? []).map((period) => (
        <MenuItem key={period.period} value={period.period}>
          {period.period}
          {period.status === 'open' ? ` (${translate('payouts.periods.open')})` : ''}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** An affiliate's name for the network (affiliates see only themselves and get no lookup). */
export const AffiliateName = ({ id, lookup }: { id: number; lookup: boolean }) => {
  const { data } = useGetOne('manage/affiliate', { id }, { enabled: lookup })
  return <>{lookup && data?.name ? `${data.name} (#${id})` : `#${id}`}</>
}

/** Negative amounts in the error colour, so a carryover or clawback is seen at once. */
export const money = (amount: string | undefined) => ({
  children: amount ?? '—',
  sx: { textAlign: 'right' as const, color: amount?.startsWith('-') ? 'error.main' : undefined, whiteSpace: 'nowrap' },
})
