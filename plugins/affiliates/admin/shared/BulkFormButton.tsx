import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material'
import { useState, type ReactElement, type ReactNode } from 'react'
import {
  Button,
  Form,
  SaveButton,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'

/**
 * A bulk action that asks for a value first (a status, a group, a manager) in a dialog,
 * then applies it to every selected row in one request.
 */
export const BulkFormButton = ({
  label,
  title,
  icon,
  children,
  onSubmit,
  success,
}: {
  label: string
  title: string
  icon: ReactElement
  children: ReactNode
  onSubmit: (ids: Identifier[], values: Record<string, any>) => Promise<{ updated?: number } | undefined>
  success: string
}) => {
  const translate = useTranslate()
  const resource = useResourceContext()
  const { selectedIds } = useListContext()
  const notify = useNotify()
  const notifyError = useNotifyServerError()
  const refresh = useRefresh()
  const unselectAll = useUnselectAll(resource)
  const [open, setOpen] = useState(false)
  const titleId = `bulk-${label.replace(/\W+/g, '-')}`

  const submit = async (values: Record<string, any>) => {
    try {
      const result = await onSubmit(selectedIds, values)
      notify(success, { type: 'info', messageArgs: { smart_count: result?.updated ?? selectedIds.length } })
      setOpen(false)
      unselectAll()
      refresh()
    } catch (error) {
      notifyError(error)
      const errors = (error as { body?: { errors?: Record<string, unknown> } })?.body?.errors
      if (errors) return errors
    }
    return undefined
  }

  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={selectedIds.length === 0}>
        {icon}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <Form onSubmit={submit}>
          <DialogTitle id={titleId}>{translate(title, { smart_count: selectedIds.length })}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton label="affiliates.actions.apply" icon={<></>} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  )
}
