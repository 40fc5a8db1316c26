import { Box, Typography } from '@mui/material'
import { useWatch } from 'react-hook-form'
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin'
import { CampaignIdInput } from '@affix/admin-ui/plugin-api'
import {
  currencyChoices,
  needsAffiliate,
  originChoices,
  selectionChoices,
  typeChoices,
  validatePromoCode,
} from './model'

const affiliateText = (record: { name?: string | null; email?: string; id?: unknown }) =>
  record?.name ? `${record.name} (#${record.id})` : (record?.email ?? `#${record?.id}`)
const toQuery = (q: string) => ({ q })

/** The promo code form of create and edit; the type and the affiliate selection decide which inputs show. */
export const PromoCodeInputs = () => {
  const translate = useTranslate()
  const type = useWatch({ name: 'type' }) as string | undefined
  const selection = (useWatch({ name: 'affiliateSelection' }) as string | undefined) ?? 'all'
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <TextInput source="code" validate={validatePromoCode.code} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <NumberInput source="bonus" min={0} step={0.01} validate={validatePromoCode.bonus} fullWidth />
        <AutocompleteInput
          source="bonusCurrency"
          choices={currencyChoices}
          helperText="promo_codes.help.currency"
          fullWidth
        />
      </Box>
      <CampaignIdInput />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <SelectInput source="type" choices={typeChoices} defaultValue="generic" fullWidth />
        <SelectInput source="origin" choices={originChoices} defaultValue="organic" fullWidth />
      </Box>
      <ReferenceInput source="affiliateId" reference="manage/affiliate" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          optionText={affiliateText}
          filterToQuery={toQuery}
          label="resources.manage/promo-code.fields.affiliateId"
          helperText={
            needsAffiliate(type) ? 'promo_codes.help.affiliate_required' : 'promo_codes.help.affiliate_optional'
          }
          isRequired={needsAffiliate(type)}
          fullWidth
        />
      </ReferenceInput>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <DateTimeInput source="startDate" fullWidth />
        <DateTimeInput source="endDate" fullWidth />
      </Box>
      <BooleanInput source="enabled" defaultValue={true} />
      <TextInput source="description" validate={validatePromoCode.description} multiline minRows={2} fullWidth />

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('resources.manage/promo-code.fields.affiliateSelection')}
      </Typography>
      <RadioButtonGroupInput
        source="affiliateSelection"
        label={false}
        choices={selectionChoices}
        defaultValue="all"
        helperText="promo_codes.help.selection"
      />
      {selection === 'include' && (
        <ReferenceArrayInput
          source="includedAffiliateIds"
          reference="manage/affiliate"
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput
            optionText={affiliateText}
            filterToQuery={toQuery}
            label="resources.manage/promo-code.fields.includedAffiliateIds"
            fullWidth
          />
        </ReferenceArrayInput>
      )}
      {selection === 'exclude' && (
        <ReferenceArrayInput
          source="excludedAffiliateIds"
          reference="manage/affiliate"
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput
            optionText={affiliateText}
            filterToQuery={toQuery}
            label="resources.manage/promo-code.fields.excludedAffiliateIds"
            fullWidth
          />
        </ReferenceArrayInput>
      )}
    </Box>
  )
}
