/* How a commission row's status and amount read, in the list and on its page. */
import { StatusTag } from '@affix/admin-ui/plugin-api'
import { useRecordContext, useTranslate } from 'react-admin'
import { STATUS_TAG, type CommissionRow } from '../model'

export const RowStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<CommissionRow>()
  const translate = useTranslate()
  if (!record) return null
  const reason = record.denyReason ? ` (${translate(`payouts.deny_reasons.${record.denyReason}`)})` : ''
  return (
    <StatusTag
      status={STATUS_TAG[record.status] ?? record.status}
      label={`${translate(`payouts.statuses.${record.status}`, { _: record.status })}${reason}`}
    />
  )
}

export const RowAmountField = (_props: { label?: string }) => {
  const record = useRecordContext<CommissionRow>()
  const translate = useTranslate()
  if (!record) return null
  if (record.amount === null) return <>{translate('payouts.rows.waiting_for_rate')}</>
  return (
    <span data-testid="row-amount">
      {record.amount} {record.currency}
      {record.provisional ? ` · ${translate('payouts.rows.provisional')}` : ''}
    </span>
  )
}

export const RowTypeField = (_props: { label?: string }) => {
  const record = useRecordContext<CommissionRow>()
  const translate = useTranslate()
  return record ? <>{translate(`payouts.types.${record.type}`, { _: record.type })}</> : null
}
