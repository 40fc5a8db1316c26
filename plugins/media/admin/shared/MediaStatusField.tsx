import { StatusTag } from '@affix/admin-ui/plugin-api'
import { useRecordContext, useTranslate } from 'react-admin'

/** A media status as the frame's colour tag, titled with this plugin's words. */
export const MediaStatusField = ({ source = 'status' }: { source?: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const status = record?.[source] as string | undefined
  if (!status) return null
  return <StatusTag status={status} label={translate(`media.status.${status}`, { _: status })} />
}
