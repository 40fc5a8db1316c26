import { CampaignIdsInput, StatusTag, useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import {
  BooleanInput,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { TestPanel } from './TestPanel'
import { UrlCheck } from './UrlCheck'
import { choices, POSTBACK_EVENTS, POSTBACK_STATUSES, toPostbackPayload } from './model'

const F = 'resources.manage/postback.fields'

const StatusField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return record?.status ? (
    <StatusTag status={record.status} label={translate(`postbacks.status.${record.status}`)} />
  ) : null
}
const EventsField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return <span>{(record?.events ?? []).map((event: string) => translate(`postbacks.events.${event}`)).join(', ')}</span>
}
const OwnerField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return <span>{record?.affiliateId ?? translate('postbacks.global')}</span>
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={`${F}.status`}
    choices={choices('postbacks.status', POSTBACK_STATUSES)}
    alwaysOn
  />,
]

export const PostbackList = () => (
  <List filters={filters}>
    <DataTable rowClick="edit">
      <DataTable.Col source="name" label={`${F}.name`} />
      <DataTable.Col source="affiliateId" label={`${F}.affiliateId`} field={OwnerField} disableSort />
      <DataTable.Col source="events" label={`${F}.events`} field={EventsField} disableSort />
      <DataTable.Col source="url" label={`${F}.url`} disableSort />
      <DataTable.Col source="status" label={`${F}.status`} field={StatusField} />
      <DataTable.Col source="createdAt" label={`${F}.createdAt`} field={DateField} />
    </DataTable>
  </List>
)

const PostbackForm = ({ editing = false }: { editing?: boolean }) => (
  <SimpleForm defaultValues={{ method: 'get', events: ['registration'], maskCustomerId: false, status: 'active' }}>
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <TextInput source="name" label={`${F}.name`} validate={required()} fullWidth />
      <SelectInput
        source="method"
        label={`${F}.method`}
        choices={choices('postbacks.methods', ['get', 'post'])}
        validate={required()}
      />
      <TextInput source="url" label={`${F}.url`} validate={required()} helperText="postbacks.help.url" fullWidth />
      <UrlCheck />
      <SelectArrayInput
        source="events"
        label={`${F}.events`}
        choices={choices('postbacks.events', POSTBACK_EVENTS)}
        validate={required()}
        fullWidth
      />
      {!editing && <TextInput source="affiliateId" label={`${F}.affiliateId`} helperText="postbacks.help.affiliate" />}
      <CampaignIdsInput source="campaignIds" label={`${F}.campaignIds`} />
      <BooleanInput source="maskCustomerId" label={`${F}.maskCustomerId`} helperText="postbacks.help.maskCustomerId" />
      <SelectInput
        source="status"
        label={`${F}.status`}
        choices={choices('postbacks.status', ['active', 'inactive'])}
      />
    </Box>
  </SimpleForm>
)

const toPayload = (data: Record<string, any>) =>
  toPostbackPayload({ ...data, affiliateId: data.affiliateId ? Number(data.affiliateId) : undefined })

export const PostbackCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="edit" transform={toPayload}>
      <PostbackForm />
    </Create>
  )
}

export const PostbackEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit
      mutationOptions={{ onError }}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data: Record<string, any>) => {
        const { affiliateId: _owner, ...rest } = toPayload(data) as Record<string, unknown>
        return rest
      }}
      aside={<TestPanel path={(id) => `/postback/${id}/test`} />}
    >
      <PostbackForm editing />
    </Edit>
  )
}
