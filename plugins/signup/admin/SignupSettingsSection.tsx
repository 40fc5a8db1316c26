import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BooleanInput, Loading, SaveButton, SimpleForm, Toolbar } from 'react-admin'
import { Section, useAbilities, useApi, useFormSubmit } from '@affix/admin-ui/plugin-api'
import { CustomFieldsEditor } from './CustomFieldsEditor'
import { SIGNUP_SETTINGS_API, toSignupSettingsPayload, type SignupSettings } from './customFields'

const SETTINGS_KEY = ['affix', 'signup-settings']

/** The affiliate signup form of /settings: auto approve and the custom fields (editing needs settings:manage). */
export const SignupSettingsSection = () => {
  const api = useApi()
  const manage = useAbilities().can('settings', 'manage')
  const queryClient = useQueryClient()
  // A saved form is mounted afresh, so its inputs start from what the server kept.
  const [formKey, setFormKey] = useState(0)
  const { data: settings, isPending } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<SignupSettings>(SIGNUP_SETTINGS_API),
  })
  const submit = useFormSubmit(
    (values: SignupSettings) => api.put<SignupSettings>(SIGNUP_SETTINGS_API, toSignupSettingsPayload(values)),
    {
      success: 'signup.settings.saved',
      listInputs: ['fields.*.options'],
      onSuccess: (saved) => {
        queryClient.setQueryData(SETTINGS_KEY, saved)
        setFormKey((current) => current + 1)
      },
    }
  )
  return (
    <Section title="signup.settings.title" subtitle="signup.settings.help">
      {isPending || !settings ? (
        <Loading />
      ) : (
        <SimpleForm
          noValidate
          key={formKey}
          record={{ id: 'signup-settings', ...settings }}
          onSubmit={submit}
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
          <BooleanInput
            source="autoApprove"
            label="signup.settings.autoApprove"
            helperText="signup.settings.autoApprove_help"
          />
          <CustomFieldsEditor />
        </SimpleForm>
      )}
    </Section>
  )
}
