import { Chip } from '@mui/material'
import { useRecordContext, useTranslate } from 'react-admin'

/** Brands and products share the same two statuses (server: BRAND_STATUSES, PRODUCT_STATUSES). */
export const STATUSES = ['active', 'inactive'] as const

/** Choices for SelectInput; react-admin translates the names. */
export const statusChoices = STATUSES.map((status) => ({ id: status, name: `brands.status.${status}` }))

export const StatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const status = record?.[source] as string | undefined
  if (!status) return null
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'active' ? 'success' : 'default'}
      label={translate(`brands.status.${status}`, { _: status })}
    />
  )
}
