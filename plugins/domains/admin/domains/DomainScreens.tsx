import { StatusTag, useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { Box } from '@mui/material'
import { useWatch } from 'react-hook-form'
import {
  AutocompleteArrayInput,
  BooleanInput,
  BulkDeleteButton,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  ReferenceArrayInput,
  regex,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import {
  choices,
  DOMAIN_PROTOCOLS,
  DOMAIN_STATUSES,
  DOMAIN_TYPES,
  DOMAIN_VISIBILITIES,
  HOSTNAME_RULE,
  httpsNeedsSsl,
  toDomainPayload,
} from './model'

const StatusField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return record?.status ? (
    <StatusTag status={record.status} label={translate(`domains.status.${record.status}`)} />
  ) : null
}
const EnumField = ({ source, prefix }: { source: string; prefix: string; label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  const value = record?.[source] as string | undefined
  return value ? <span>{translate(`${prefix}.${value}`, { _: value })}</span> : null
}
const DefaultField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const translate = useTranslate()
  return record?.isDefault ? <span>{translate('domains.default')}</span> : null
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="resources.configuration/tracking/domains.fields.status"
    choices={choices('domains.status', DOMAIN_STATUSES)}
    alwaysOn
  />,
]

export const DomainList = () => (
  <List filters={filters}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <DataTable.Col source="name" label="resources.configuration/tracking/domains.fields.name" />
      <DataTable.Col source="baseUrl" label="resources.configuration/tracking/domains.fields.baseUrl" disableSort />
      <DataTable.Col
        source="type"
        label="resources.configuration/tracking/domains.fields.type"
        field={(props: { source: string }) => <EnumField {...props} prefix="domains.types" />}
      />
      <DataTable.Col
        source="visibility"
        label="resources.configuration/tracking/domains.fields.visibility"
        field={(props: { source: string }) => <EnumField {...props} prefix="domains.visibility" />}
      />
      <DataTable.Col
        source="isDefault"
        label="resources.configuration/tracking/domains.fields.isDefault"
        field={DefaultField}
        disableSort
      />
      <DataTable.Col
        source="status"
        label="resources.configuration/tracking/domains.fields.status"
        field={StatusField}
      />
      <DataTable.Col
        source="createdAt"
        label="resources.configuration/tracking/domains.fields.createdAt"
        field={DateField}
      />
    </DataTable>
  </List>
)

const personText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

const PrivateAffiliates = () => {
  const visibility = useWatch({ name: 'visibility' })
  if (visibility !== 'private') return null
  return (
    <ReferenceArrayInput source="affiliateIds" reference="manage/affiliate">
      <AutocompleteArrayInput
        label="resources.configuration/tracking/domains.fields.affiliateIds"
        optionText={personText}
        filterToQuery={(q: string) => ({ q })}
        fullWidth
      />
    </ReferenceArrayInput>
  )
}

const DomainForm = () => (
  <SimpleForm
    defaultValues={{
      protocol: 'https',
      ssl: true,
      visibility: 'public',
      type: 'tracking',
      status: 'active',
      isDefault: false,
      affiliateIds: [],
    }}
  >
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <TextInput
        source="name"
        label="resources.configuration/tracking/domains.fields.name"
        validate={[required(), regex(HOSTNAME_RULE, 'domains.validation.hostname')]}
        parse={(value: string) => value?.toLowerCase()}
        helperText="domains.help.name"
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <SelectInput
          source="protocol"
          label="resources.configuration/tracking/domains.fields.protocol"
          choices={DOMAIN_PROTOCOLS.map((id) => ({ id, name: id }))}
          validate={httpsNeedsSsl}
          fullWidth
        />
        <SelectInput
          source="type"
          label="resources.configuration/tracking/domains.fields.type"
          choices={choices('domains.types', DOMAIN_TYPES)}
          fullWidth
        />
        <SelectInput
          source="status"
          label="resources.configuration/tracking/domains.fields.status"
          choices={choices('domains.status', DOMAIN_STATUSES)}
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <BooleanInput source="ssl" label="resources.configuration/tracking/domains.fields.ssl" />
        <BooleanInput source="isDefault" label="resources.configuration/tracking/domains.fields.isDefault" />
      </Box>
      <SelectInput
        source="visibility"
        label="resources.configuration/tracking/domains.fields.visibility"
        choices={choices('domains.visibility', DOMAIN_VISIBILITIES)}
      />
      <PrivateAffiliates />
    </Box>
  </SimpleForm>
)

export const DomainCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={toDomainPayload}>
      <DomainForm />
    </Create>
  )
}

export const DomainEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="list" transform={toDomainPayload}>
      <DomainForm />
    </Edit>
  )
}
