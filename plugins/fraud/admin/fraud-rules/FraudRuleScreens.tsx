import { CampaignIdsInput, useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import { useWatch } from 'react-hook-form'
import {
  AutocompleteArrayInput,
  BulkDeleteButton,
  CheckboxGroupInput,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { StatusTag } from '@affix/admin-ui/plugin-api'
import {
  choices,
  DEVICE_TYPES,
  FRAUD_ACTIONS,
  FRAUD_STATUSES,
  FRAUD_TYPES,
  OS_NAMES,
  SELECTIONS,
  toFraudRulePayload,
} from './model'

const EnumField = ({ source, prefix }: { source: string; prefix: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const value = record?.[source] as string | undefined
  return value ? <span>{translate(`${prefix}.${value}`, { _: value })}</span> : null
}
const StatusField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return record?.status ? <StatusTag status={record.status} label={translate(`fraud.status.${record.status}`)} /> : null
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="resources.configuration/tracking/fraud-rules.fields.status"
    choices={choices('fraud.status', FRAUD_STATUSES)}
    alwaysOn
  />,
  <SelectInput
    key="action"
    source="action"
    label="resources.configuration/tracking/fraud-rules.fields.action"
    choices={choices('fraud.actions', FRAUD_ACTIONS)}
  />,
]

export const FraudRuleList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <DataTable.Col source="name" label="resources.configuration/tracking/fraud-rules.fields.name" />
      <DataTable.Col
        source="type"
        label="resources.configuration/tracking/fraud-rules.fields.type"
        field={(props: { source: string }) => <EnumField {...props} prefix="fraud.types" />}
      />
      <DataTable.Col
        source="action"
        label="resources.configuration/tracking/fraud-rules.fields.action"
        field={(props: { source: string }) => <EnumField {...props} prefix="fraud.actions" />}
      />
      <DataTable.Col
        source="status"
        label="resources.configuration/tracking/fraud-rules.fields.status"
        field={StatusField}
      />
      <DataTable.Col
        source="createdAt"
        label="resources.configuration/tracking/fraud-rules.fields.createdAt"
        field={DateField}
      />
    </DataTable>
  </List>
)

const personText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

/** A target (brands, affiliates, campaigns): all, or include/exclude a list. */
const Target = ({ target }: { target: 'brand' | 'affiliate' | 'campaign' }) => {
  const selection = useWatch({ name: `${target}Selection` })
  const source = `${target}Ids`
  return (
    <Box>
      <RadioButtonGroupInput
        source={`${target}Selection`}
        label={`resources.configuration/tracking/fraud-rules.fields.${target}Selection`}
        choices={choices('fraud.selections', SELECTIONS)}
      />
      {selection && selection !== 'all' && target === 'campaign' && (
        <CampaignIdsInput source={source} label="resources.configuration/tracking/fraud-rules.fields.campaignIds" />
      )}
      {selection && selection !== 'all' && target !== 'campaign' && (
        <ReferenceArrayInput source={source} reference={target === 'brand' ? 'manage/brand' : 'manage/affiliate'}>
          <AutocompleteArrayInput
            label={`resources.configuration/tracking/fraud-rules.fields.${source}`}
            optionText={personText}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            fullWidth
          />
        </ReferenceArrayInput>
      )}
    </Box>
  )
}

const TypeInputs = () => {
  const type = useWatch({ name: 'type' })
  if (type === 'blacklist')
    return (
      <>
        <TextArrayInput
          source="ips"
          label="resources.configuration/tracking/fraud-rules.fields.ips"
          helperText="fraud.help.ips"
          fullWidth
        />
        <TextArrayInput
          source="userAgents"
          label="resources.configuration/tracking/fraud-rules.fields.userAgents"
          helperText="fraud.help.user_agents"
          fullWidth
        />
      </>
    )
  if (type === 'device')
    return (
      <>
        <CheckboxGroupInput
          source="devices"
          label="resources.configuration/tracking/fraud-rules.fields.devices"
          choices={choices('fraud.devices', DEVICE_TYPES)}
        />
        <CheckboxGroupInput
          source="os"
          label="resources.configuration/tracking/fraud-rules.fields.os"
          choices={choices('fraud.os', OS_NAMES)}
        />
      </>
    )
  return null
}

const FraudRuleForm = () => (
  <SimpleForm
    defaultValues={{
      action: 'mark',
      type: 'blacklist',
      status: 'active',
      brandSelection: 'all',
      affiliateSelection: 'all',
      campaignSelection: 'all',
      ips: [],
      userAgents: [],
      devices: [],
      os: [],
    }}
  >
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <TextInput
        source="name"
        label="resources.configuration/tracking/fraud-rules.fields.name"
        validate={required()}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <SelectInput
          source="type"
          label="resources.configuration/tracking/fraud-rules.fields.type"
          choices={choices('fraud.types', FRAUD_TYPES)}
          validate={required()}
          fullWidth
        />
        <SelectInput
          source="action"
          label="resources.configuration/tracking/fraud-rules.fields.action"
          choices={choices('fraud.actions', FRAUD_ACTIONS)}
          validate={required()}
          fullWidth
        />
        <SelectInput
          source="status"
          label="resources.configuration/tracking/fraud-rules.fields.status"
          choices={choices('fraud.status', FRAUD_STATUSES)}
          fullWidth
        />
      </Box>
      <TypeInputs />
      <Target target="brand" />
      <Target target="affiliate" />
      <Target target="campaign" />
    </Box>
  </SimpleForm>
)

export const FraudRuleCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={toFraudRulePayload}>
      <FraudRuleForm />
    </Create>
  )
}

export const FraudRuleEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="list" transform={toFraudRulePayload}>
      <FraudRuleForm />
    </Edit>
  )
}
