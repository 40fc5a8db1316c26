import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import {
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxValue,
  minValue,
  required,
} from 'react-admin'
import { choices, POSTBACK_EVENTS } from '../postbacks/model'

const F = 'resources.manage/pbrules.fields'

export const RuleList = () => (
  <List sort={{ field: 'priority', order: 'ASC' }}>
    <DataTable rowClick="edit">
      <DataTable.Col source="name" label={`${F}.name`} />
      <DataTable.Col source="postbackId" label={`${F}.postbackId`} disableSort />
      <DataTable.Col source="action" label={`${F}.action`} disableSort />
      <DataTable.Col source="priority" label={`${F}.priority`} />
      <DataTable.Col source="samplePercent" label={`${F}.samplePercent`} disableSort />
      <DataTable.Col source="status" label={`${F}.status`} disableSort />
    </DataTable>
  </List>
)

const toPayload = (data: Record<string, any>) => ({
  ...(data.postbackId ? { postbackId: data.postbackId } : {}),
  name: data.name,
  action: data.action,
  priority: data.priority,
  events: data.events?.length ? data.events : null,
  countries:
    typeof data.countries === 'string' && data.countries.trim()
      ? data.countries
          .split(',')
          .map((code: string) => code.trim().toUpperCase())
          .filter(Boolean)
      : Array.isArray(data.countries) && data.countries.length
        ? data.countries
        : null,
  minAmount: data.minAmount || null,
  maxAmount: data.maxAmount || null,
  samplePercent: data.samplePercent,
  status: data.status,
})

const RuleForm = ({ editing = false }: { editing?: boolean }) => (
  <SimpleForm defaultValues={{ action: 'fire', priority: 100, samplePercent: 100, status: 'active' }}>
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      {!editing && (
        <ReferenceInput source="postbackId" reference="manage/postback">
          <SelectInput label={`${F}.postbackId`} optionText="name" validate={required()} fullWidth />
        </ReferenceInput>
      )}
      <TextInput source="name" label={`${F}.name`} validate={required()} fullWidth />
      <SelectInput source="action" label={`${F}.action`} choices={choices('postbacks.actions', ['fire', 'skip'])} />
      <NumberInput source="priority" label={`${F}.priority`} validate={[minValue(0), maxValue(10000)]} />
      <SelectArrayInput
        source="events"
        label={`${F}.events`}
        choices={choices('postbacks.events', POSTBACK_EVENTS)}
        fullWidth
      />
      <TextInput source="countries" label={`${F}.countries`} helperText="postbacks.help.countries" fullWidth />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextInput source="minAmount" label={`${F}.minAmount`} />
        <TextInput source="maxAmount" label={`${F}.maxAmount`} />
        <NumberInput source="samplePercent" label={`${F}.samplePercent`} validate={[minValue(0), maxValue(100)]} />
      </Box>
      <SelectInput
        source="status"
        label={`${F}.status`}
        choices={choices('postbacks.status', ['active', 'inactive'])}
      />
    </Box>
  </SimpleForm>
)

export const RuleCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={toPayload}>
      <RuleForm />
    </Create>
  )
}

export const RuleEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit
      mutationOptions={{ onError }}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data: Record<string, any>) => {
        const { postbackId: _fixed, ...rest } = toPayload(data)
        return rest
      }}
    >
      <RuleForm editing />
    </Edit>
  )
}
