import AddIcon from '@mui/icons-material/Add'
import { Dialog, DialogContent, DialogTitle } from '@mui/material'
import { useState } from 'react'
import {
  Button,
  DataTable,
  DateField,
  List,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin'
import { useApi, useFormSubmit } from '../api'
import { CORE_RESOURCES } from '../resources'
import { useAbilities } from '../shared/abilities'
import { SecretDialog, type Secret } from '../shared/SecretDialog'
import { StatusChip } from '../shared/StatusChip'
import { requiredText } from '../shared/validation'
import { cleanList, credentialStatus, toExpiry, type ApiKey } from './apiKeys'
import { RevokeCredentialButton } from './RevokeCredentialButton'
import { CredentialLimitsInputs } from './CredentialLimitsInputs'
import { ScopesEditor } from './ScopesEditor'
import { describeScopes, toScopesPayload, type Scope } from './scopes'

const ScopesField = ({ record }: { record: { scopes: ApiKey['scopes'] } }) => {
  const translate = useTranslate()
  return (
    <>
      {describeScopes(record.scopes, (resource) =>
        translate(`affix.screens.api.subjects.${resource.replace(/\./g, '_')}`, { _: resource })
      )}
    </>
  )
}

/** API keys: list, create (the key is shown once), revoke. */
export const ApiKeysTab = () => {
  const { can } = useAbilities()
  const manage = can('api_keys', 'manage')
  const [creating, setCreating] = useState(false)
  const [secrets, setSecrets] = useState<Secret[] | null>(null)
  return (
    <>
      <List
        resource={CORE_RESOURCES.apiKeys}
        title={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            {manage && (
              <Button label="affix.screens.api.keys.create" onClick={() => setCreating(true)} startIcon={<AddIcon />} />
            )}
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="affix.screens.api.fields.name" />
          <DataTable.Col
            source="preview"
            label="affix.screens.api.keys.preview"
            disableSort
            render={(record: ApiKey) => <code>{record.preview}</code>}
          />
          <DataTable.Col
            source="scopes"
            label="affix.screens.api.scopes.title"
            disableSort
            render={(record: ApiKey) => <ScopesField record={record} />}
          />
          <DataTable.Col
            source="allowedIps"
            label="affix.screens.api.fields.allowedIps"
            disableSort
            render={(record: ApiKey) => record.allowedIps.join(', ') || '—'}
          />
          <DataTable.Col source="expiresAt" label="affix.screens.api.fields.expiresAt" field={DateField} />
          <DataTable.Col source="lastUsedAt" label="affix.screens.api.keys.lastUsedAt" field={DateField} />
          <DataTable.Col
            source="revokedAt"
            label="affix.screens.api.fields.status"
            disableSort
            render={(record: ApiKey) => <StatusChip status={credentialStatus(record)} />}
          />
          {manage && (
            <DataTable.Col
              label=""
              disableSort
              render={(record: ApiKey) => (
                <RevokeCredentialButton
                  record={record}
                  path={`/api/v1/api-keys/${record.id}`}
                  messages="affix.screens.api.keys"
                />
              )}
            />
          )}
        </DataTable>
      </List>
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false)
            setSecrets([{ label: 'affix.screens.api.keys.key', value: key }])
          }}
        />
      )}
      <SecretDialog title="affix.screens.api.keys.created_title" secrets={secrets} onClose={() => setSecrets(null)} />
    </>
  )
}

interface NewApiKey {
  name: string
  scopes: Scope[]
  expiresAt?: string | Date | null
  allowedIps?: string[]
}

const CreateApiKeyDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) => {
  const translate = useTranslate()
  const api = useApi()
  const refresh = useRefresh()
  const submit = useFormSubmit(
    (values: NewApiKey) =>
      api.post<ApiKey & { key: string }>('/api/v1/api-keys', {
        name: values.name?.trim(),
        scopes: toScopesPayload(values.scopes),
        expiresAt: toExpiry(values.expiresAt),
        allowedIps: cleanList(values.allowedIps),
      }),
    {
      listInputs: ['allowedIps'],
      onSuccess: (created) => {
        refresh()
        onCreated(created.key)
      },
    }
  )
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-api-key-title">
      <DialogTitle id="create-api-key-title">{translate('affix.screens.api.keys.create')}</DialogTitle>
      <DialogContent>
        <SimpleForm
          noValidate
          defaultValues={{ scopes: [{ resource: '', operations: ['read'] }], allowedIps: [] }}
          onSubmit={submit}
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton label="affix.screens.api.keys.create_button" alwaysEnable />
              <Button label="ra.action.cancel" onClick={onClose} />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TextInput source="name" label="affix.screens.api.fields.name" validate={requiredText} fullWidth />
          <ScopesEditor />
          <CredentialLimitsInputs />
        </SimpleForm>
      </DialogContent>
    </Dialog>
  )
}
