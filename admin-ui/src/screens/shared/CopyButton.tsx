import CopyIcon from '@mui/icons-material/ContentCopy'
import { IconButton, Tooltip } from '@mui/material'
import { useNotify, useTranslate } from 'react-admin'

/** Copies `value` to the clipboard and says so. */
export const CopyButton = ({ value, label = 'affix.screens.common.copy' }: { value: string; label?: string }) => {
  const translate = useTranslate()
  const notify = useNotify()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      notify('affix.screens.common.copied', { type: 'info' })
    } catch {
      // Clipboard access refused (insecure origin, permissions): the value stays selectable.
      notify('affix.screens.common.copy_failed', { type: 'warning' })
    }
  }
  return (
    <Tooltip title={translate(label)}>
      <IconButton aria-label={translate(label)} onClick={copy} size="small">
        <CopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  )
}
