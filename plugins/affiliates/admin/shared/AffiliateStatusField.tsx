import { StatusTag } from '@affix/admin-ui/plugin-api'
import { useRecordContext, useTranslate } from 'react-admin'

/** An affiliate status as the frame's colour tag, titled with this plugin's words. */
export const AffiliateStatusTag = ({ status }: { status: string | null | undefined }) => {
  const translate = useTranslate()
  if (!status) return null
  return <StatusTag status={status} label={translate(`affiliates.status.${status}`, { _: status })} />
}

export const AffiliateStatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  return <AffiliateStatusTag status={record?.[source] as string | undefined} />
}
