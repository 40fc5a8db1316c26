/*
 * What a list shows when its read is refused or fails: the server's own message, e.g.
 * "Customer, Activity, Conversion reports are disabled by Admin" when the admin switched
 * the report off.
 */
import { Alert, Box } from '@mui/material'
import { useListContext, useTranslate } from 'react-admin'

export const ListError = () => {
  const { error } = useListContext()
  const translate = useTranslate()
  const message = error instanceof Error && error.message ? error.message : translate('ra.notification.http_error')
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning" data-testid="list-error">
        {message}
      </Alert>
    </Box>
  )
}
