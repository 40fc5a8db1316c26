import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Alert, Box } from '@mui/material'
import { useState } from 'react'
import {
  Create,
  DataTable,
  Edit,
  List,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useTranslate,
} from 'react-admin'
import { choices } from '../postbacks/model'
import { TestPanel } from '../postbacks/TestPanel'

const F = 'resources.configuration/webhook-configs.fields'
export const WEBHOOK_EVENTS = [
  'customer.registered',
  'customer.ftd',
  'conversion.recorded',
  'activity.changed',
  'commission.created',
  'commission.approved',
  'click.recorded',
] as const
const eventChoices = WEBHOOK_EVENTS.map((id) => ({ id, name: id }))

export const WebhookList = () => (
  <List>
    <DataTable rowClick="edit">
      <DataTable.Col source="name" label={`${F}.name`} />
      <DataTable.Col source="url" label={`${F}.url`} disableSort />
      <DataTable.Col source="events" label={`${F}.events`} disableSort />
      <DataTable.Col source="status" label={`${F}.status`} />
    </DataTable>
  </List>
)

const WebhookForm = () => (
  <SimpleForm defaultValues={{ status: 'active', events: ['customer.registered'] }}>
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <TextInput source="name" label={`${F}.name`} validate={required()} fullWidth />
      <TextInput source="url" label={`${F}.url`} validate={required()} fullWidth />
      <SelectArrayInput source="events" label={`${F}.events`} choices={eventChoices} validate={required()} fullWidth />
      <SelectInput
        source="status"
        label={`${F}.status`}
        choices={choices('postbacks.status', ['active', 'inactive'])}
      />
    </Box>
  </SimpleForm>
)

const toPayload = (data: Record<string, any>) => ({
  name: data.name,
  url: data.url,
  events: data.events,
  status: data.status === 'disabled' ? undefined : data.status,
})

/** The secret comes back once, in the create answer: shown here before leaving the page. */
export const WebhookCreate = () => {
  const onError = useNotifyServerError()
  const translate = useTranslate()
  const [secret, setSecret] = useState<string | null>(null)
  return (
    <>
      {secret && (
        <Alert severity="warning" data-testid="webhook-secret" sx={{ m: 2 }}>
          {translate('postbacks.secret_once')} <code>{secret}</code>
        </Alert>
      )}
      <Create
        mutationOptions={{ onError, onSuccess: (data: any) => setSecret(data.secret ?? null) }}
        redirect={false}
        transform={toPayload}
      >
        <WebhookForm />
      </Create>
    </>
  )
}

export const WebhookEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit
      mutationOptions={{ onError }}
      mutationMode="pessimistic"
      redirect="list"
      transform={toPayload}
      aside={<TestPanel path={(id) => `/webhook-configs/${id}/test`} />}
    >
      <WebhookForm />
    </Edit>
  )
}
