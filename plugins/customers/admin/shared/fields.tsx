/* Small fields the customers screens share: statuses as the shell's tags, money with its currency. */
import { StatusTag } from '@affix/admin-ui/plugin-api'
import { useRecordContext, useTranslate } from 'react-admin'

/** Active or fraud (a fraud mark cannot be undone). */
export const CustomerStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<{ status?: string; fraud?: boolean }>()
  const translate = useTranslate()
  if (!record) return null
  const status = record.status ?? (record.fraud ? 'fraud' : 'active')
  return (
    <StatusTag
      status={status === 'fraud' ? 'rejected' : 'active'}
      label={translate(`customers.status.${status}`, { _: status })}
    />
  )
}

/** A decimal string as sent by the API (never turned into a float), with its currency. */
export const formatAmount = (amount: string | null | undefined, currency?: string | null) =>
  amount === null || amount === undefined ? '—' : currency ? `${amount} ${currency}` : amount
