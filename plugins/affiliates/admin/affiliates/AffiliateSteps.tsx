import { Alert, Box } from '@mui/material'
import type { ReactNode } from 'react'
import {
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin'
import { SETTABLE_STATUSES, statusChoices, validateAffiliate } from './model'

export const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>{children}</Box>
)

const upper = (value: string | null | undefined) => (typeof value === 'string' ? value.toUpperCase() : value)
const personText = (record: { name?: string | null; email?: string }) => record?.name || record?.email || ''
const groupText = (record: { name?: string }) => record?.name ?? ''

/** Team members to pick as the affiliate's manager (GET /api/v1/team-members). */
export const ManagerInput = ({ source = 'managerId' }: { source?: string }) => (
  <ReferenceInput source={source} reference="team_members" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      label="affiliates.fields.managerId"
      optionText={personText}
      filterToQuery={(q: string) => ({ q })}
      fullWidth
    />
  </ReferenceInput>
)

export const GroupInput = ({ source = 'groupId', validate }: { source?: string; validate?: any }) => (
  <ReferenceInput source={source} reference="manage/affiliate-group" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      label="affiliates.fields.groupId"
      optionText={groupText}
      filterToQuery={(q: string) => ({ q })}
      validate={validate}
      fullWidth
    />
  </ReferenceInput>
)

// The server refuses an affiliate as its own referrer.
const ReferredByInput = () => (
  <ReferenceInput source="referredById" reference="manage/affiliate" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      label="affiliates.fields.referredById"
      optionText={personText}
      filterToQuery={(q: string) => ({ q })}
      fullWidth
    />
  </ReferenceInput>
)

export const BasicStep = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate()
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Row>
        <TextInput source="name" label="affiliates.fields.name" validate={validateAffiliate.name} fullWidth />
        <TextInput source="email" label="affiliates.fields.email" validate={validateAffiliate.email} fullWidth />
      </Row>
      {mode === 'create' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('affiliates.wizard.invitation_note')}
        </Alert>
      )}
      <Row>
        <TextInput
          source="contact"
          label="affiliates.fields.contact"
          type="tel"
          validate={validateAffiliate.contact}
          fullWidth
        />
        <TextInput source="skype" label="affiliates.fields.skype" validate={validateAffiliate.skype} fullWidth />
      </Row>
      <TextArrayInput source="tags" label="affiliates.fields.tags" helperText="affiliates.wizard.tags_help" fullWidth />
      <Row>
        <SelectInput
          source="status"
          label="affiliates.fields.status"
          choices={statusChoices(SETTABLE_STATUSES)}
          validate={validateAffiliate.status}
          fullWidth
        />
        <TextInput
          source="currency"
          label="affiliates.fields.currency"
          parse={upper}
          validate={validateAffiliate.currency}
          fullWidth
        />
        <TextInput
          source="externalId"
          label="affiliates.fields.externalId"
          validate={validateAffiliate.externalId}
          fullWidth
        />
      </Row>
      <Row>
        <ManagerInput />
        <GroupInput />
        <ReferredByInput />
      </Row>
      <Row>
        <BooleanInput source="emailNotification" label="affiliates.fields.emailNotification" />
        <BooleanInput source="negativeCarryover" label="affiliates.fields.negativeCarryover" />
        <TextInput source="feePercent" label="affiliates.fields.feePercent" validate={validateAffiliate.feePercent} />
      </Row>
    </Box>
  )
}

export const CompanyStep = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <TextInput
      source="companyName"
      label="affiliates.fields.companyName"
      validate={validateAffiliate.companyName}
      fullWidth
    />
    <Row>
      <TextInput
        source="country"
        label="affiliates.fields.country"
        parse={upper}
        validate={validateAffiliate.country}
        helperText="affiliates.wizard.country_help"
        fullWidth
      />
      <TextInput source="state" label="affiliates.fields.state" validate={validateAffiliate.state} fullWidth />
      <TextInput source="city" label="affiliates.fields.city" validate={validateAffiliate.city} fullWidth />
    </Row>
    <TextInput
      source="address"
      label="affiliates.fields.address"
      validate={validateAffiliate.address}
      multiline
      fullWidth
    />
    <Row>
      <TextInput source="zipcode" label="affiliates.fields.zipcode" validate={validateAffiliate.zipcode} fullWidth />
      <TextInput source="taxId" label="affiliates.fields.taxId" validate={validateAffiliate.taxId} fullWidth />
    </Row>
  </Box>
)
