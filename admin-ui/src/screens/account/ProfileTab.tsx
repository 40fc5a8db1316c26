import { Box, Grid } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import {
  AutocompleteInput,
  Labeled,
  Loading,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useLocaleState,
} from 'react-admin'
import { saveAccount, type Account } from '../../session'
import { useApi, useFormSubmit } from '../api'
import { countryChoices } from '../shared/countries'
import { Section } from '../shared/Section'
import { emptyToNull, matchesPassword, requiredText, validatePassword, validateText } from '../shared/validation'

export interface Profile {
  id: number
  email: string
  role: string
  name: string | null
  phone: string | null
  skype: string | null
  city: string | null
  address: string | null
  state: string | null
  zipcode: string | null
  country: string | null
  locale: 'en' | 'pt' | 'tr' | null
}

const OPTIONAL_FIELDS = ['phone', 'skype', 'city', 'address', 'state', 'zipcode', 'country', 'locale'] as const

export const LANGUAGE_CHOICES = [
  { id: 'en', name: 'affix.screens.languages.en' },
  { id: 'pt', name: 'affix.screens.languages.pt' },
  { id: 'tr', name: 'affix.screens.languages.tr' },
]

/** Only the fields PATCH /account/profile accepts; an emptied field is cleared (null). */
export function toProfilePayload(values: Partial<Profile>) {
  const payload: Record<string, unknown> = { name: values.name?.trim() ?? values.name }
  const cleared = emptyToNull(values as Record<string, unknown>, [...OPTIONAL_FIELDS])
  for (const key of OPTIONAL_FIELDS) payload[key] = cleared[key]
  return payload
}

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
)

export const ProfileTab = () => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [locale] = useLocaleState()
  const countries = useMemo(() => countryChoices(locale), [locale])
  const {
    data: profile,
    isPending,
    error,
  } = useQuery({
    queryKey: ['affix', 'profile'],
    queryFn: () => api.get<Profile>('/api/v1/account/profile'),
  })

  const saveProfile = useFormSubmit(
    (values: Profile) => api.patch<Profile>('/api/v1/account/profile', toProfilePayload(values)),
    {
      success: 'affix.screens.account.profile.saved',
      onSuccess: async (saved) => {
        queryClient.setQueryData(['affix', 'profile'], saved)
        // The name shown in the app bar comes from the stored account.
        const account = await api.get<Account>('/api/v1/account').catch(() => null)
        if (account) saveAccount(account)
      },
    }
  )

  if (isPending) return <Loading />
  if (error || !profile) return null
  return (
    <Box sx={{ maxWidth: 900 }}>
      <Section title="affix.screens.account.profile.title">
        <SimpleForm noValidate record={profile} onSubmit={saveProfile} toolbar={<SaveOnly />} sx={{ p: 0 }}>
          <Labeled label="affix.screens.account.profile.email">
            <TextField source="email" />
          </Labeled>
          <TextInput source="name" label="affix.screens.account.profile.name" validate={requiredText} fullWidth />
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                source="phone"
                type="tel"
                label="affix.screens.account.profile.phone"

                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="skype" label="affix.screens.account.profile.skype" validate={validateText} fullWidth />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextInput
                source="address"
                label="affix.screens.account.profile.address"
                validate={validateText}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="city" label="affix.screens.account.profile.city" validate={validateText} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="state" label="affix.screens.account.profile.state" validate={validateText} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                source="zipcode"
                label="affix.screens.account.profile.zipcode"
                validate={maxLength(32)}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <AutocompleteInput
                source="country"
                label="affix.screens.account.profile.country"
                choices={countries}
                translateChoice={false}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectInput
                source="locale"
                label="affix.screens.account.profile.language"
                choices={LANGUAGE_CHOICES}
                emptyText="affix.screens.account.profile.language_default"
                fullWidth
              />
            </Grid>
          </Grid>
        </SimpleForm>
      </Section>
      <ChangePasswordSection />
    </Box>
  )
}

interface PasswordChange {
  currentPassword: string
  password: string
  passwordConfirmation: string
}

const ChangePasswordSection = () => {
  const api = useApi()
  // A new key after a change gives a fresh, empty form: nothing of the passwords stays in the page.
  const [formKey, setFormKey] = useState(0)
  const submit = useFormSubmit(
    (values: PasswordChange) => api.post<{ message: string }>('/api/v1/account/change-password', values),
    {
      success: 'affix.screens.account.password.changed',
      onSuccess: () => setFormKey((key) => key + 1),
    }
  )
  return (
    <Section title="affix.screens.account.password.title" subtitle="affix.screens.account.password.rule">
      <SimpleForm noValidate key={formKey} onSubmit={submit} toolbar={<SaveOnly />} sx={{ p: 0, maxWidth: 480 }}>
        <PasswordInput
          source="currentPassword"
          label="affix.screens.account.password.current"
          validate={required()}
          autoComplete="current-password"
          fullWidth
        />
        <PasswordInput
          source="password"
          label="affix.screens.account.password.new"
          validate={[required(), validatePassword]}
          autoComplete="new-password"
          fullWidth
        />
        <PasswordInput
          source="passwordConfirmation"
          label="affix.screens.account.password.confirmation"
          validate={[required(), matchesPassword]}
          autoComplete="new-password"
          fullWidth
        />
      </SimpleForm>
    </Section>
  )
}
