/*
 * /engagements/carryover: negative carryover balances after each closed period, per
 * affiliate × brand × currency (COMMISSIONS §9). A balance is what the next period's
 * RevShare must earn back before it pays; a line opens the period's carryover rows.
 */
import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  Link,
  Loading,
  ReferenceField,
  RecordContextProvider,
  Title,
  useDataProvider,
  useGetIdentity,
  useTranslate,
} from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, rowsLink } from '../model'
import { AffiliateName, money, PeriodPicker } from './shared'

interface Balance {
  period: string
  affiliateId: number
  brandId: number
  currency: string
  amount: string
}

export const CarryoverScreen = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { identity } = useGetIdentity()
  const network = identity !== undefined && identity.role !== 'affiliate'
  const [period, setPeriod] = useState('')
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'carryover', period],
    queryFn: async () =>
      (await dataProvider.request<Balance[]>(`${PAYOUTS_API}/carryover`, { query: period ? { period } : {} })).data,
  })
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('payouts.carryover.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 2 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <Typography variant="body2" color="text.secondary">
          {translate('payouts.carryover.hint')}
        </Typography>
      </Box>
      {isPending ? (
        <Loading />
      ) : !data?.length ? (
        <Typography sx={{ my: 4 }}>{translate('payouts.carryover.empty')}</Typography>
      ) : (
        <Card variant="outlined">
          <Table size="small" data-testid="carryover">
            <TableHead>
              <TableRow>
                <TableCell>{translate('payouts.fields.period')}</TableCell>
                {network && <TableCell>{translate('payouts.fields.affiliateId')}</TableCell>}
                <TableCell>{translate('payouts.fields.brandId')}</TableCell>
                <TableCell>{translate('payouts.fields.currency')}</TableCell>
                <TableCell align="right">{translate('payouts.carryover.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((balance) => (
                <TableRow key={`${balance.period}:${balance.affiliateId}:${balance.brandId}:${balance.currency}`}>
                  <TableCell>
                    <Link
                      to={rowsLink({ period: balance.period, affiliateId: balance.affiliateId, type: 'carryover' })}
                    >
                      {balance.period}
                    </Link>
                  </TableCell>
                  {network && (
                    <TableCell>
                      <AffiliateName id={balance.affiliateId} lookup={network} />
                    </TableCell>
                  )}
                  <TableCell>
                    <RecordContextProvider value={balance}>
                      <ReferenceField source="brandId" reference="manage/brand" link={false} />
                    </RecordContextProvider>
                  </TableCell>
                  <TableCell>{balance.currency}</TableCell>
                  <TableCell {...money(balance.amount)} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  )
}
