import { Alert, Box, ButtonBase, Grid, Tooltip } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  regex,
  required,
  useLocaleState,
  useTranslate,
} from 'react-admin'
import { useFormContext, useWatch } from 'react-hook-form'
import { LANGUAGE_CHOICES } from '../account/ProfileTab'
import { useApi, useFormSubmit } from '../api'
import { currencyChoices } from '../shared/countries'
import { Section } from '../shared/Section'
import { NAMED_THEME_COLORS } from '../../layout/theme'
import { useRefreshAccount } from '../shared/useRefreshAccount'
import { reportDays, requiredText } from '../shared/validation'
import { THEME_COLOURS, THEME_COLOUR_RULE, WEEK_DAYS, toOrganizationPayload, type Organization } from './organization'

const ThemeColourInput = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate()
  const { setValue } = useFormContext()
  const current = useWatch({ name: 'preferences.themeColor' }) as string | undefined
  return (
    <Box>
      <TextInput
        source="preferences.themeColor"
        label="affix.screens.organization.fields.themeColor"
        helperText="affix.screens.organization.theme_help"
        validate={[required(), regex(THEME_COLOUR_RULE, 'affix.screens.organization.theme_invalid')]}
        disabled={disabled}
        fullWidth
      />
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
        role="group"
        aria-label={translate('affix.screens.organization.fields.themeColor')}
      >
        {THEME_COLOURS.map((colour) => (
          <Tooltip key={colour} title={translate(`affix.screens.organization.colours.${colour}`)}>
            <ButtonBase
              aria-label={translate(`affix.screens.organization.colours.${colour}`)}
              aria-pressed={current === colour}
              disabled={disabled}
              onClick={() => setValue('preferences.themeColor', colour, { shouldDirty: true, shouldValidate: true })}
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: NAMED_THEME_COLORS[colour],
                outline: current === colour ? '3px solid' : 'none',
                outlineColor: 'text.primary',
                outlineOffset: 2,
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </Box>
  )
}

/** Name and preferences of the organisation acted on; the timezone is read-only (spec §6). */
export const PreferencesSection = ({ organization, manage }: { organization: Organization; manage: boolean }) => {
  const translate = useTranslate()
  const api = useApi()
  const queryClient = useQueryClient()
  const refreshAccount = useRefreshAccount()
  const [locale] = useLocaleState()
  const currencies = useMemo(() => currencyChoices(locale), [locale])
  const weekDays = WEEK_DAYS.map((id) => ({ id, name: `affix.screens.organization.days.${id}` }))
  const save = useFormSubmit(
    (values: Organization) => api.patch<Organization>('/api/v1/organization', toOrganizationPayload(values)),
    {
      success: 'affix.screens.organization.saved',
      onSuccess: (saved) => {
        queryClient.setQueryData(['affix', 'organization'], saved)
        // The organisation name, language and theme in the frame come from the stored account.
        void refreshAccount().catch(() => undefined)
      },
    }
  )
  return (
    <Section title="affix.screens.organization.preferences">
      <SimpleForm
        noValidate
        record={organization}
        onSubmit={save}
        disabled={!manage}
        toolbar={
          manage ? (
            <Toolbar>
              <SaveButton />
            </Toolbar>
          ) : (
            false
          )
        }
        sx={{ p: 0 }}
      >
        <TextInput source="name" label="affix.screens.organization.fields.name" validate={requiredText} fullWidth />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <AutocompleteInput
              source="preferences.currency"
              label="affix.screens.organization.fields.currency"
              choices={currencies}
              translateChoice={false}
              validate={required()}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput
              source="preferences.language"
              label="affix.screens.organization.fields.language"
              choices={LANGUAGE_CHOICES}
              validate={required()}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput
              source="preferences.timezone"
              label="affix.screens.organization.fields.timezone"
              helperText="affix.screens.organization.timezone_locked"
              readOnly
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput
              source="preferences.weekStartDay"
              label="affix.screens.organization.fields.weekStartDay"
              choices={weekDays}
              validate={required()}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput
              source="preferences.defaultReportDays"
              label="affix.screens.organization.fields.defaultReportDays"
              validate={reportDays}
              min={1}
              max={365}
              step={1}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <BooleanInput
              source="preferences.maskCustomerId"
              label="affix.screens.organization.fields.maskCustomerId"
              helperText="affix.screens.organization.mask_help"
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <ThemeColourInput disabled={!manage} />
          </Grid>
        </Grid>
        {!manage && <Alert severity="info">{translate('affix.screens.common.read_only')}</Alert>}
      </SimpleForm>
    </Section>
  )
}
