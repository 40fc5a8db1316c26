/*
 * One commission row: what made it, to the cent (COMMISSIONS §11: customer, activity or
 * clicks, the amounts it was computed from, each plan field and where it came from, FX,
 * versions, conditions, tier, referral level, what it corrects, the arithmetic) and its
 * status history. The affiliate sees the same page for its own rows.
 */
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import {
  DateField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { CommissionRow } from '../model'
import { RowAmountField, RowStatusField, RowTypeField } from './RowFields'

const FIELD = 'payouts.fields'

/** An explanation value on one line: amounts and names as they are, lists and objects spelled out. */
function describe(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.map((item) => describe(item)).join(', ')
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) =>
        inner !== null && typeof inner === 'object' && 'value' in (inner as object) && 'source' in (inner as object)
          ? `${key} = ${String((inner as { value: unknown }).value)} (${String((inner as { source: unknown }).source)})`
          : `${key}: ${describe(inner)}`
      )
      .join('; ')
  return String(value)
}

const Explanation = () => {
  const record = useRecordContext<CommissionRow>()
  const translate = useTranslate()
  if (!record?.explanation) return null
  const { computation, type: _type, currency: _currency, ...rest } = record.explanation
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="row-explanation">
      <CardContent>
        <Typography variant="h6">{translate('payouts.explain.title')}</Typography>
        {computation ? (
          <Typography
            data-testid="row-computation"
            sx={{ fontFamily: 'monospace', fontSize: '1.05rem', my: 1.5, overflowWrap: 'anywhere' }}
          >
            {String(computation)}
          </Typography>
        ) : null}
        <Table size="small">
          <TableBody>
            {Object.entries(rest).map(([key, value]) => (
              <TableRow key={key}>
                <TableCell sx={{ width: 220, color: 'text.secondary' }}>
                  {translate(`payouts.explain.keys.${key}`, { _: key })}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{describe(value)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

const History = () => {
  const record = useRecordContext<CommissionRow>()
  const translate = useTranslate()
  if (!record?.history?.length) return null
  const status = (value: string) => translate(`payouts.statuses.${value}`, { _: value })
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6">{translate('payouts.explain.history')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${FIELD}.at`)}</TableCell>
              <TableCell>{translate(`${FIELD}.from`)}</TableCell>
              <TableCell>{translate(`${FIELD}.to`)}</TableCell>
              <TableCell>{translate(`${FIELD}.reason`)}</TableCell>
              <TableCell>{translate(`${FIELD}.paymentReference`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.history.map((entry, index) => (
              <TableRow key={index}>
                <TableCell>{new Date(entry.at).toLocaleString()}</TableCell>
                <TableCell>{status(entry.from)}</TableCell>
                <TableCell>{status(entry.to)}</TableCell>
                <TableCell>{entry.reason ?? '—'}</TableCell>
                <TableCell>{entry.reference ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

export const RowShow = () => {
  const translate = useTranslate()
  const { identity } = useGetIdentity()
  const network = identity !== undefined && identity.role !== 'affiliate'
  return (
    <Show title={translate('payouts.explain.page_title')}>
      <SimpleShowLayout>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
          <Labeled label={`${FIELD}.amount`}>
            <RowAmountField />
          </Labeled>
          <Labeled label={`${FIELD}.status`}>
            <RowStatusField />
          </Labeled>
          <Labeled label={`${FIELD}.type`}>
            <RowTypeField />
          </Labeled>
          <Labeled label={`${FIELD}.period`}>
            <TextField source="period" />
          </Labeled>
          <Labeled label={`${FIELD}.date`}>
            <DateField source="date" />
          </Labeled>
          {network && (
            <Labeled label={`${FIELD}.affiliateId`}>
              <ReferenceField source="affiliateId" reference="manage/affiliate" link={false} emptyText="—" />
            </Labeled>
          )}
          <Labeled label={`${FIELD}.campaignId`}>
            <ReferenceField source="campaignId" reference="manage/campaign" link={false} emptyText="—" />
          </Labeled>
          <Labeled label={`${FIELD}.customerId`}>
            <TextField source="customerId" emptyText="—" />
          </Labeled>
          <Labeled label={`${FIELD}.statusNote`}>
            <TextField source="statusNote" emptyText="—" />
          </Labeled>
          <Labeled label={`${FIELD}.paymentReference`}>
            <TextField source="paymentReference" emptyText="—" />
          </Labeled>
        </Box>
        <Explanation />
        <History />
      </SimpleShowLayout>
    </Show>
  )
}
