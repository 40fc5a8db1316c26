import { SwitchableReport } from '@affix/sdk'
import {
  Box,
  Button as MuiButton,
  FormControlLabel,
  FormGroup,
  Switch,
  TextField as MuiTextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BooleanInput, Loading, SaveButton, SimpleForm, Title, Toolbar, useNotify, useTranslate } from 'react-admin'
import { useApi, useFormSubmit, useNotifyError } from '../api'
import type { Organization } from '../organization/organization'
import { useAbilities } from '../shared/abilities'
import { CopyButton } from '../shared/CopyButton'
import { Section } from '../shared/Section'
import { useRefreshAccount } from '../shared/useRefreshAccount'
import { CustomFieldsEditor } from './CustomFieldsEditor'
import { toSignupSettingsPayload, type SignupSettings } from './customFields'

/** The reports an admin can switch off, from the API's schema (generated into the SDK). */
export const SWITCHABLE_REPORTS = Object.values(SwitchableReport)

interface OrganizationFeatures {
  organizationId: number
  features: Record<string, boolean>
  disabledReports: SwitchableReport[]
}

/** /settings: the affiliate signup form, the admin report switches, the affiliate signup link. */
export const SettingsScreen = () => {
  const translate = useTranslate()
  const { can } = useAbilities()
  const manage = can('settings', 'manage')
  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate('affix.screens.settings.title')} />
      <SignupUrlSection />
      <SignupSettingsSection manage={manage} />
      <ReportSwitchesSection manage={manage} />
    </Box>
  )
}

const SignupSettingsSection = ({ manage }: { manage: boolean }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [formKey, setFormKey] = useState(0)
  const key = ['affix', 'signup-settings']
  const { data: settings, isPending } = useQuery({
    queryKey: key,
    queryFn: () => api.get<SignupSettings>('/api/v1/organization/signup-settings'),
  })
  const submit = useFormSubmit(
    (values: SignupSettings) =>
      api.put<SignupSettings>('/api/v1/organization/signup-settings', toSignupSettingsPayload(values)),
    {
      success: 'affix.screens.settings.signup.saved',
      listInputs: ['fields.*.options'],
      onSuccess: (saved) => {
        queryClient.setQueryData(key, saved)
        setFormKey((current) => current + 1)
      },
    }
  )
  return (
    <Section title="affix.screens.settings.signup.title" subtitle="affix.screens.settings.signup.help">
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
            label="affix.screens.settings.signup.autoApprove"
            helperText="affix.screens.settings.signup.autoApprove_help"
          />
          <CustomFieldsEditor />
        </SimpleForm>
      )}
    </Section>
  )
}

const ReportSwitchesSection = ({ manage }: { manage: boolean }) => {
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const api = useApi()
  const queryClient = useQueryClient()
  const refreshAccount = useRefreshAccount()
  const [busy, setBusy] = useState(false)
  const key = ['affix', 'organization-features']
  const { data: features } = useQuery({
    queryKey: key,
    queryFn: () => api.get<OrganizationFeatures>('/api/v1/organization/features'),
  })
  if (!features) return null

  const toggle = async (report: SwitchableReport, enabled: boolean) => {
    const disabledReports = enabled
      ? features.disabledReports.filter((name) => name !== report)
      : [...new Set([...features.disabledReports, report])]
    setBusy(true)
    try {
      queryClient.setQueryData(
        key,
        await api.patch<OrganizationFeatures>('/api/v1/organization/features', { disabledReports })
      )
      notify(enabled ? 'affix.screens.settings.reports.turned_on' : 'affix.screens.settings.reports.turned_off', {
        type: 'info',
        messageArgs: { name: translate(`affix.screens.settings.reports.${report}`) },
      })
      // A report switched off is gone from everyone's abilities, the sidebar included.
      await refreshAccount()
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section title="affix.screens.settings.reports.title" subtitle="affix.screens.settings.reports.help">
      <FormGroup>
        {SWITCHABLE_REPORTS.map((report) => (
          <FormControlLabel
            key={report}
            control={
              <Switch
                checked={!features.disabledReports.includes(report)}
                disabled={!manage || busy}
                onChange={(event) => toggle(report, event.target.checked)}
              />
            }
            label={translate(`affix.screens.settings.reports.${report}`)}
          />
        ))}
      </FormGroup>
    </Section>
  )
}

const SignupUrlSection = () => {
  const translate = useTranslate()
  const api = useApi()
  const { data: organization } = useQuery({
    queryKey: ['affix', 'organization'],
    queryFn: () => api.get<Organization>('/api/v1/organization'),
  })
  const { data: meta } = useQuery({
    queryKey: ['affix', 'branding-meta', organization?.id],
    queryFn: () =>
      api.get<{ affiliateSignupUrl: string | null }>('/api/v1/auth/meta', { query: { orgId: organization?.id } }),
    enabled: Boolean(organization?.id),
  })
  const url = meta?.affiliateSignupUrl
  if (!url) return null
  return (
    <Section title="affix.screens.settings.signup_url.title" subtitle="affix.screens.settings.signup_url.help">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <MuiTextField
          value={url}
          label={translate('affix.screens.settings.signup_url.label')}
          fullWidth
          size="small"
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={url} />
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <MuiButton href={url} target="_blank" rel="noopener">
          {translate('affix.screens.settings.signup_url.open')}
        </MuiButton>
      </Typography>
    </Section>
  )
}

export default SettingsScreen
