/*
 * The form of one row of a campaign's sub-resource (a cap, a rule block) in a dialog:
 * react-admin's CreateBase or EditBase on the resource, the campaign's id in `meta` (the
 * data provider puts it in the path). Save runs the client checks (`validate`) first, then
 * the server's: pessimistic, so a 422 keeps the dialog open with the field errors under
 * the inputs. The tab's own notice once saved.
 */
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material'
import type { ReactNode } from 'react'
import {
  Button,
  CreateBase,
  EditBase,
  Form,
  SaveButton,
  useNotify,
  useRecordContext,
  useSaveContext,
  useTranslate,
  type Identifier,
  type RaRecord,
  ValidationError,
  type ValidationErrorProps,
} from 'react-admin'
import { useFormState } from 'react-hook-form'

export interface PartDialogProps {
  resource: string
  campaignId: Identifier
  /** The row to edit; a new one when absent, starting from `defaults`. */
  id?: Identifier
  defaults?: Record<string, unknown>
  /** i18n keys of the title for a new row and for an edited one. */
  titles: { add: string; edit: string }
  /** i18n keys of the notice once saved. */
  notices: { added: string; updated: string }
  /** The client checks: message keys by field path (`limits.daily`, `conditions.0.values`). */
  validate: (values: any) => Record<string, string>
  /** The form's values as the API takes them. */
  transform: (values: any) => Record<string, unknown>
  /** The saved record as the form edits it (e.g. lists as comma-separated text); the record itself when absent. */
  toForm?: (record: RaRecord) => Record<string, unknown>
  /** The input that shows a server error on a path the form lacks (e.g. one value of a list); the path itself when absent. */
  errorInput?: (path: string) => string
  onClose: () => void
  children: ReactNode
}

export const PartDialog = ({
  resource,
  campaignId,
  id,
  defaults,
  titles,
  notices,
  validate,
  transform,
  toForm,
  errorInput,
  onClose,
  children,
}: PartDialogProps) => {
  const translate = useTranslate()
  const notify = useNotify()
  const meta = { campaignId }
  const saved = (notice: string) => () => {
    notify(notice, { type: 'info' })
    onClose()
  }
  const form = (edited: boolean) => (
    <DialogForm {...{ validate, errorInput, onClose, children }} toForm={edited ? toForm : undefined} />
  )
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate(id == null ? titles.add : titles.edit)}</DialogTitle>
      {id == null ? (
        <CreateBase
          resource={resource}
          record={defaults}
          redirect={false}
          transform={transform}
          mutationOptions={{ meta, onSuccess: saved(notices.added) }}
        >
          {form(false)}
        </CreateBase>
      ) : (
        <EditBase
          resource={resource}
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          queryOptions={{ meta }}
          mutationOptions={{ meta, onSuccess: saved(notices.updated) }}
        >
          {form(true)}
        </EditBase>
      )}
    </Dialog>
  )
}

const DialogForm = ({
  validate,
  toForm,
  errorInput,
  onClose,
  children,
}: Pick<PartDialogProps, 'validate' | 'toForm' | 'errorInput' | 'onClose' | 'children'>) => {
  const record = useRecordContext()
  const { save } = useSaveContext()
  if (!record) return null
  // The server's field errors, each on the input that shows it (react-admin sets them on the form).
  const submit = async (values: Record<string, unknown>) => {
    const errors = (await save?.(values)) as Record<string, unknown> | undefined
    if (!errors || !errorInput) return errors
    const moved: Record<string, unknown> = {}
    for (const [path, message] of Object.entries(errors))
      if (path === 'root') moved[path] = message
      else moved[errorInput(path)] ??= message
    return moved
  }
  return (
    <Form
      record={toForm ? toForm(record) : record}
      validate={(values) => nestErrors(validate(values))}
      onSubmit={submit}
    >
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        {/* Enabled on an untouched form too: Save then shows what is missing. */}
        <SaveButton alwaysEnable />
      </DialogActions>
    </Form>
  )
}

/** `{ 'limits.daily': m }` as `{ limits: { daily: m } }`, the shape react-hook-form keeps its errors in. */
export function nestErrors(flat: Record<string, string>): Record<string, unknown> {
  const nested: Record<string, any> = {}
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.')
    const parent = keys.slice(0, -1).reduce((node, key) => (node[key] ??= {}), nested)
    parent[keys[keys.length - 1]] = message
  }
  return nested
}

/** An error on a group of inputs as a whole (e.g. "enter at least one limit"), the client's or the server's. */
export const GroupError = ({ name }: { name: string }) => {
  const { errors } = useFormState({ name })
  const message = errors[name]?.message
  return message ? (
    <Alert severity="error">
      <ValidationError error={message as ValidationErrorProps['error']} />
    </Alert>
  ) : null
}
