import { StatusTag } from '@affix/admin-ui/plugin-api'
import { useRecordContext, useTranslate } from 'react-admin'

/** The status the server derives (active, future, expired, inactive) as the frame's colour tag. */
export const PromoCodeStatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const status = record?.[source] as string | undefined
  if (!status) return null
  return <StatusTag status={status} label={translate(`promo_codes.status.${status}`, { _: status })} />
}
