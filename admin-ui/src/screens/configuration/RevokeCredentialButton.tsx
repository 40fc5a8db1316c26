import BlockIcon from '@mui/icons-material/Block'
import { useRefresh } from 'react-admin'
import { useApi, useNotifyError } from '../api'
import { ConfirmButton } from '../shared/ConfirmButton'
import { credentialStatus } from './apiKeys'

/** Revokes an API key or an OAuth app after a confirmation; nothing to show once revoked. */
export const RevokeCredentialButton = ({
  record,
  path,
  messages,
}: {
  record: { name: string; revokedAt?: string | null; expiresAt?: string | null }
  path: string
  /** i18n prefix of the confirmation's `revoke_title` and `revoke_confirm` (e.g. `affix.screens.api.keys`). */
  messages: string
}) => {
  const api = useApi()
  const refresh = useRefresh()
  const notifyError = useNotifyError()
  if (credentialStatus(record) === 'revoked') return null
  return (
    <ConfirmButton
      label="affix.screens.api.revoke"
      title={`${messages}.revoke_title`}
      content={`${messages}.revoke_confirm`}
      translateOptions={{ name: record.name }}
      icon={<BlockIcon />}
      color="error"
      onConfirm={async () => {
        try {
          await api.delete(path)
          refresh()
        } catch (error) {
          notifyError(error)
        }
      }}
    />
  )
}
