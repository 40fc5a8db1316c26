/*
 * /engagements/payout-summary: the payout summary (spec "payout report") per affiliate,
 * period and currency — CPA, RevShare, carryover, referral, adjustments, the total and the
 * amounts by status. A statement's total is the sum of its rows that count: a line opens
 * those rows. An affiliate sees its own statements only (the API's scope).
 */
import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Loading, Title, useDataProvider, useGetIdentity, useTranslate } from 'react-admin'
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { PAYOUTS_API, rowsLink, type Statement } from '../model'
import { AffiliateName, money, PeriodPicker } from './shared'

const COLUMNS = ['cpa', 'revshare', 'carryover', 'referral', 'adjustment', 'total'] as const

export const StatementsScreen = () => {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { identity } = useGetIdentity()
  const network = identity !== undefined && identity.role !== 'affiliate'
  const [period, setPeriod] = useState('')
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'statements', period],
    queryFn: async () =>
      (await dataProvider.request<Statement[]>(`${PAYOUTS_API}/statements`, { query: period ? { period } : {} })).data,
  })
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('payouts.statements.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 2 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <Typography variant="body2" color="text.secondary">
          {translate('payouts.statements.hint')}
        </Typography>
      </Box>
      {isPending ? (
        <Loading />
      ) : !data?.length ? (
        <Typography sx={{ my: 4 }}>{translate('payouts.statements.empty')}</Typography>
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="statements">
            <TableHead>
              <TableRow>
                <TableCell>{translate('payouts.fields.period')}</TableCell>
                {network && <TableCell>{translate('payouts.fields.affiliateId')}</TableCell>}
                <TableCell>{translate('payouts.fields.currency')}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {translate(`payouts.statements.columns.${column}`)}
                  </TableCell>
                ))}
                <TableCell align="right">{translate('payouts.statuses.approved')}</TableCell>
                <TableCell align="right">{translate('payouts.statuses.paid')}</TableCell>
                <TableCell align="right">{translate('payouts.statements.columns.rows')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((line) => (
                <TableRow
                  key={`${line.period}:${line.affiliateId}:${line.currency}`}
                  data-testid={`statement-${line.period}-${line.affiliateId}-${line.currency}`}
                >
                  <TableCell>
                    {line.period}
                    {line.closed ? '' : ` (${translate('payouts.periods.open')})`}
                  </TableCell>
                  {network && (
                    <TableCell>
                      <AffiliateName id={line.affiliateId} lookup={network} />
                    </TableCell>
                  )}
                  <TableCell>{line.currency}</TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} data-column={column} {...money(line[column])} />
                  ))}
                  <TableCell {...money(line.byStatus?.approved)} />
                  <TableCell {...money(line.byStatus?.paid)} />
                  <TableCell align="right">
                    <Link
                      to={rowsLink({ affiliateId: line.affiliateId, period: line.period, currency: line.currency })}
                    >
                      {line.rows}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  )
}
