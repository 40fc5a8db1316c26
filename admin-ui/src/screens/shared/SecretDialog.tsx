import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
} from '@mui/material'
import { useTranslate } from 'react-admin'
import { CopyButton } from './CopyButton'

export interface Secret {
  label: string
  value: string
}

/**
 * Secrets the server returns once (API key, OAuth client secret): shown with a copy
 * button and a warning, and gone when the dialog closes.
 */
export const SecretDialog = ({
  title,
  secrets,
  onClose,
}: {
  title: string
  secrets: Secret[] | null
  onClose: () => void
}) => {
  const translate = useTranslate()
  return (
    <Dialog open={Boolean(secrets)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('affix.screens.common.shown_once')}
        </Alert>
        {secrets?.map((secret) => (
          <Box key={secret.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <MuiTextField
              label={translate(secret.label)}
              value={secret.value}
              fullWidth
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
              onFocus={(event) => event.target.select()}
            />
            <CopyButton value={secret.value} />
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {translate('affix.screens.common.done')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
