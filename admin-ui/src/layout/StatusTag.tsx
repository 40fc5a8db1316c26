/*
 * Status tags (spec §4): a status, lowercased, maps to a colour and a title; an unknown
 * status gets the default colour and its own text as title. Shared by screens and plugins
 * (re-exported from plugin_api).
 */
import { Chip, type ChipProps } from '@mui/material'
import { useTranslate } from 'react-admin'

export type StatusColor = Exclude<ChipProps['color'], undefined>

/** Lowercase status → chip colour. Statuses of spec §4 plus the "other values seen". */
const STATUS_COLORS: Record<string, StatusColor> = {
  active: 'success',
  approved: 'success',
  paid: 'success',
  completed: 'success',
  success: 'success',
  exported: 'success',

  pending: 'warning',
  paused: 'warning',
  draft: 'warning',
  unapproved: 'warning',
  queued: 'warning',
  need_approval: 'warning',
  pending_approval: 'warning',
  need_permission: 'warning',
  imported_partially: 'warning',
  deleted_partially: 'warning',
  partial: 'warning',

  processing: 'info',
  progress: 'info',
  exporting: 'info',
  sent: 'info',
  future: 'info',

  rejected: 'error',
  denied: 'error',
  failed: 'error',
  error: 'error',
  suspended: 'error',
  overdue: 'error',
  rejected_approval: 'error',
  banned: 'error',
  fraud: 'error',
  deleted: 'error',

  disabled: 'default',
  inactive: 'default',
  cancelled: 'default',
  expired: 'default',
  hidden: 'default',
}

export const DEFAULT_STATUS_COLOR: StatusColor = 'default'

/** `Over Due`, `imported-partially`, `Imported partially` → `overdue`, `imported_partially`. */
export function statusKey(status: string): string {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return key === 'over_due' ? 'overdue' : key
}

/** The colour and title key of a status. */
export function statusTagStyle(status: string): { key: string; color: StatusColor; known: boolean } {
  const key = statusKey(status)
  const color = STATUS_COLORS[key]
  return { key, color: color ?? DEFAULT_STATUS_COLOR, known: color !== undefined }
}

export interface StatusTagProps extends Omit<ChipProps, 'color' | 'label'> {
  status: string | null | undefined
  /** Overrides the title (e.g. a plugin's own wording for the same status). */
  label?: string
}

export const StatusTag = ({ status, label, size = 'small', ...rest }: StatusTagProps) => {
  const translate = useTranslate()
  if (!status) return null
  const { key, color } = statusTagStyle(status)
  const title = label ?? translate(`affix.status.${key}`, { _: status })
  return <Chip size={size} color={color} label={title} title={title} data-status={key} {...rest} />
}
