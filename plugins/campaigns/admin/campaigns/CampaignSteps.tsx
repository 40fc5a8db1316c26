import { Box, Button as MuiButton, IconButton, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import type { ReactNode } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin'
import { commissionVariableChoices, statusChoices, validateCampaign, visibilityChoices } from './model'
import { UrlCheck } from './UrlCheck'

export const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>{children}</Box>
)

const byName = (record: { name?: string; title?: string; id?: unknown }) =>
  record?.name ?? record?.title ?? `#${record?.id}`
const toQuery = (q: string) => ({ q })
const upper = (value: string | null | undefined) => (typeof value === 'string' ? value.toUpperCase() : value)

/** Products of the chosen brand only (the server refuses others). */
const ProductsInput = () => {
  const brandId = useWatch({ name: 'brandId' })
  return (
    <ReferenceArrayInput source="productIds" reference="manage/product" filter={brandId ? { brandId } : {}}>
      <AutocompleteArrayInput
        label="resources.manage/campaign.fields.productIds"
        optionText={byName}
        filterToQuery={toQuery}
        disabled={!brandId}
        fullWidth
      />
    </ReferenceArrayInput>
  )
}

export const BasicStep = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <TextInput
      source="title"
      label="resources.manage/campaign.fields.title"
      validate={validateCampaign.title}
      fullWidth
    />
    <Row>
      <ReferenceInput source="brandId" reference="manage/brand" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          label="resources.manage/campaign.fields.brandId"
          optionText={byName}
          filterToQuery={toQuery}
          validate={validateCampaign.brandId}
          fullWidth
        />
      </ReferenceInput>
      <ProductsInput />
    </Row>
    <Row>
      <SelectInput
        source="status"
        label="resources.manage/campaign.fields.status"
        choices={statusChoices}
        validate={validateCampaign.status}
        fullWidth
      />
      <SelectInput
        source="visibility"
        label="resources.manage/campaign.fields.visibility"
        choices={visibilityChoices}
        validate={validateCampaign.visibility}
        fullWidth
      />
    </Row>
    <TextInput
      source="defaultUrl"
      label="resources.manage/campaign.fields.defaultUrl"
      validate={validateCampaign.defaultUrl}
      helperText="campaigns.wizard.default_url_help"
      fullWidth
    />
    <UrlCheck source="defaultUrl" />
    <Row>
      <TextInput
        source="previewUrl"
        label="resources.manage/campaign.fields.previewUrl"
        validate={validateCampaign.optionalUrl}
        fullWidth
      />
      <TextInput
        source="fallbackUrl"
        label="resources.manage/campaign.fields.fallbackUrl"
        validate={validateCampaign.optionalUrl}
        fullWidth
      />
    </Row>
    <TextInput
      source="appLink"
      label="resources.manage/campaign.fields.appLink"
      validate={validateCampaign.optionalUrl}
      fullWidth
    />
    <TextInput
      source="description"
      label="resources.manage/campaign.fields.description"
      validate={validateCampaign.description}
      multiline
      minRows={2}
      fullWidth
    />
  </Box>
)

/** The questionnaire an affiliate answers when asking for access to a private campaign. */
const AccessQuestions = () => {
  const translate = useTranslate()
  const { fields, append, remove } = useFieldArray({ name: 'accessQuestions' })
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle1">{translate('resources.manage/campaign.fields.accessQuestions')}</Typography>
      {fields.map((field, index) => (
        <Row key={field.id}>
          <TextInput
            source={`accessQuestions.${index}.question`}
            label="campaigns.wizard.question"
            validate={validateCampaign.title}
            fullWidth
          />
          <BooleanInput source={`accessQuestions.${index}.required`} label="campaigns.wizard.question_required" />
          <IconButton aria-label={translate('campaigns.actions.remove_question')} onClick={() => remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Row>
      ))}
      <MuiButton
        startIcon={<AddIcon />}
        onClick={() => append({ question: '', required: false })}
        disabled={fields.length >= 20}
      >
        {translate('campaigns.actions.add_question')}
      </MuiButton>
    </Box>
  )
}

export const AdvancedStep = () => {
  const visibility = useWatch({ name: 'visibility' })
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Row>
        <TextInput
          source="currency"
          label="resources.manage/campaign.fields.currency"
          parse={upper}
          validate={validateCampaign.currency}
          fullWidth
        />
        <SelectInput
          source="commissionVariable"
          label="resources.manage/campaign.fields.commissionVariable"
          choices={commissionVariableChoices}
          fullWidth
        />
      </Row>
      <TextArrayInput
        source="coverageCountries"
        label="resources.manage/campaign.fields.coverageCountries"
        helperText="campaigns.wizard.countries_help"
        fullWidth
      />
      <Row>
        <ReferenceInput
          source="primaryGroupId"
          reference="manage/affiliate-group"
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            label="resources.manage/campaign.fields.primaryGroupId"
            optionText={byName}
            filterToQuery={toQuery}
            fullWidth
          />
        </ReferenceInput>
        <ReferenceArrayInput
          source="groupIds"
          reference="manage/affiliate-group"
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput
            label="resources.manage/campaign.fields.groupIds"
            optionText={byName}
            filterToQuery={toQuery}
            fullWidth
          />
        </ReferenceArrayInput>
      </Row>
      <Row>
        <TextInput
          source="externalId"
          label="resources.manage/campaign.fields.externalId"
          validate={validateCampaign.externalId}
          fullWidth
        />
        <NumberInput
          source="attributionWindowDays"
          label="resources.manage/campaign.fields.attributionWindowDays"
          validate={validateCampaign.attributionWindowDays}
          min={1}
          max={365}
          fullWidth
        />
        <DateTimeInput source="expiresAt" label="resources.manage/campaign.fields.expiresAt" fullWidth />
      </Row>
      <Row>
        <BooleanInput source="isDynamic" label="resources.manage/campaign.fields.isDynamic" />
        <BooleanInput source="isPersistent" label="resources.manage/campaign.fields.isPersistent" />
        <BooleanInput source="featured" label="resources.manage/campaign.fields.featured" />
      </Row>
      <Row>
        <BooleanInput source="shortLinkDefault" label="resources.manage/campaign.fields.shortLinkDefault" />
        <BooleanInput
          source="overrideCustomerCountry"
          label="resources.manage/campaign.fields.overrideCustomerCountry"
        />
      </Row>
      {visibility === 'private' && (
        <>
          <BooleanInput
            source="accessByRequest"
            label="resources.manage/campaign.fields.accessByRequest"
            helperText="campaigns.wizard.access_by_request_help"
          />
          <AccessQuestions />
        </>
      )}
    </Box>
  )
}
