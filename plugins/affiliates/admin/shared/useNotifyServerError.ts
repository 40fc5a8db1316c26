import { useNotify } from 'react-admin'

/**
 * react-admin puts a server's field errors under the inputs but, in pessimistic mode,
 * shows no notification for them (its "form is invalid" notice fires before the answer
 * arrives). This onError shows the server's own translated message instead; the form
 * still receives the field errors from the save.
 */
export function useNotifyServerError() {
  const notify = useNotify()
  return (error: unknown) => {
    const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error'
    notify(message, { type: 'error', messageArgs: { _: message } })
  }
}
