import { useState, type ReactElement } from 'react'
import { Button, Confirm } from 'react-admin'

/** A button whose action runs after a confirmation dialog. */
export const ConfirmButton = ({
  label,
  title,
  content,
  onConfirm,
  icon,
  color = 'primary',
  disabled,
  translateOptions,
}: {
  label: string
  title: string
  content: string
  onConfirm: () => Promise<unknown> | void
  icon?: ReactElement
  color?: 'primary' | 'error' | 'warning' | 'inherit'
  disabled?: boolean
  translateOptions?: Record<string, unknown>
}) => {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} color={color} disabled={disabled || busy}>
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        translateOptions={translateOptions}
        titleTranslateOptions={translateOptions}
        contentTranslateOptions={translateOptions}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
