import { useTranslate } from 'react-admin'
import { StatusTag } from '../../plugin_api'

/**
 * The frame's status tag (colour by lowercase status, default colour when unknown), titled
 * with these screens' words for statuses of their own (revoked key, used code, …).
 */
export const StatusChip = ({ status }: { status: string | null | undefined }) => {
  const translate = useTranslate()
  if (!status) return null
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return (
    <StatusTag
      status={status}
      label={translate(`affix.screens.status.${key}`, { _: translate(`affix.status.${key}`, { _: status }) })}
    />
  )
}
