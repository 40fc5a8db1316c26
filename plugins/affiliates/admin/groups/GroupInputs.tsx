import { Alert, Box } from '@mui/material'
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  maxLength,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin'

const TEXT_MAX = 350

/** Mirrors the server: a group needs at least one affiliate. */
export const atLeastOneAffiliate: Validator = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'affiliates.validation.group_affiliates'

export const validateGroup = {
  name: [required(), maxLength(TEXT_MAX)],
  description: [maxLength(TEXT_MAX)],
  affiliateIds: [atLeastOneAffiliate],
}

const nameText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''

/** A group tied to a campaign cannot be updated (spec §4): shown, and the form is read-only. */
export const InUseNotice = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record?.inUse) return null
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {(record.inUseMessage as string | undefined) ?? translate('affiliates.groups.in_use')}
    </Alert>
  )
}

export const GroupInputs = () => {
  const record = useRecordContext()
  const disabled = Boolean(record?.inUse)
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <InUseNotice />
      <TextInput
        source="name"
        label="affiliates.groups.fields.name"
        validate={validateGroup.name}
        disabled={disabled}
        fullWidth
      />
      <TextInput
        source="description"
        label="affiliates.groups.fields.description"
        validate={validateGroup.description}
        disabled={disabled}
        multiline
        fullWidth
      />
      <ReferenceInput source="parentGroupId" reference="manage/affiliate-group" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          label="affiliates.groups.fields.parentGroupId"
          optionText={nameText}
          filterToQuery={(q: string) => ({ q })}
          disabled={disabled}
          fullWidth
        />
      </ReferenceInput>
      <ReferenceArrayInput
        source="affiliateIds"
        reference="manage/affiliate"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={50}
      >
        <AutocompleteArrayInput
          label="affiliates.groups.fields.affiliateIds"
          optionText={nameText}
          filterToQuery={(q: string) => ({ q })}
          validate={validateGroup.affiliateIds}
          disabled={disabled}
          fullWidth
        />
      </ReferenceArrayInput>
    </Box>
  )
}
