import { Box, Chip, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import { RecordContextProvider, ReferenceField, TextField, useTranslate } from 'react-admin'
import { BASIC_FIELDS, COMPANY_FIELDS, PAYMENT_FIELDS, type PaymentMethod } from './model'

const REFERENCES: Record<string, { reference: string; text: string }> = {
  managerId: { reference: 'team_members', text: 'name' },
  groupId: { reference: 'manage/affiliate-group', text: 'name' },
  referredById: { reference: 'manage/affiliate', text: 'name' },
}

const Empty = () => <>—</>

/** One value of the summary, as shown to a person (booleans as yes/no, lists as chips, references by name). */
const ReviewValue = ({ field, value }: { field: string; value: unknown }) => {
  const translate = useTranslate()
  if (value === null || value === undefined || value === '') return <Empty />
  if (field === 'status') return <>{translate(`affiliates.status.${value}`, { _: String(value) })}</>
  if (field === 'defaultMethod') return <>{translate(`affiliates.payment_methods.${value}`, { _: String(value) })}</>
  if (typeof value === 'boolean') return <>{translate(value ? 'affiliates.common.yes' : 'affiliates.common.no')}</>
  if (Array.isArray(value)) {
    if (!value.length) return <Empty />
    return (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {value.map((item) => (
          <Chip key={String(item)} size="small" label={String(item)} />
        ))}
      </Box>
    )
  }
  const reference = REFERENCES[field]
  if (reference) {
    return (
      <RecordContextProvider value={{ id: 0, [field]: value }}>
        <ReferenceField source={field} reference={reference.reference} link={false} emptyText="—">
          <TextField source={reference.text} />
        </ReferenceField>
      </RecordContextProvider>
    )
  }
  return <>{String(value)}</>
}

const Section = ({ title, rows }: { title: string; rows: Array<[string, unknown]> }) => {
  const translate = useTranslate()
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" gutterBottom>
        {translate(title)}
      </Typography>
      <Table size="small" aria-label={translate(title)}>
        <TableBody>
          {rows.map(([field, value]) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row" sx={{ width: 260, fontWeight: 500 }}>
                {translate(`affiliates.fields.${field}`)}
              </TableCell>
              <TableCell>{(<ReviewValue field={field} value={value} />) as ReactNode}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

/** The last wizard step: everything entered, read-only, before Save. */
export const AffiliateReview = () => {
  const values = useWatch() as Record<string, any>
  const payment = (values.paymentDetails ?? {}) as Record<string, unknown>
  const method = payment.defaultMethod as PaymentMethod | undefined
  const basic = BASIC_FIELDS.filter((field) => field !== 'otherGroupIds')
  return (
    <Box sx={{ maxWidth: 900 }} data-testid="affiliate-review">
      <Section title="affiliates.wizard.basic" rows={basic.map((field) => [field, values[field]])} />
      <Section
        title="affiliates.wizard.payment"
        rows={[
          ['defaultMethod', method],
          ...(method ? (PAYMENT_FIELDS[method] ?? []) : []).map((field): [string, unknown] => [field, payment[field]]),
        ]}
      />
      <Section title="affiliates.wizard.company" rows={COMPANY_FIELDS.map((field) => [field, values[field]])} />
    </Box>
  )
}
