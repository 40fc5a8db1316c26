import { SwitchableReport } from '@affix/sdk'
import { Box, FormControlLabel, FormGroup, Switch } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Title, useNotify, useTranslate } from 'react-admin'
import { useApi, useNotifyError } from '../api'
import { pluginSectionsOf } from '../screen_tabs'
import { useAbilities } from '../shared/abilities'
import { Section } from '../shared/Section'
import { useRefreshAccount } from '../shared/useRefreshAccount'

/** The reports an admin can switch off, from the API's schema (generated into the SDK). */
export const SWITCHABLE_REPORTS = Object.values(SwitchableReport)

interface OrganizationFeatures {
  organizationId: number
  features: Record<string, boolean>
  disabledReports: SwitchableReport[]
}

/** /settings: the plugins' sections (the signup plugin's link and form), then the admin report switches. */
export const SettingsScreen = () => {
  const translate = useTranslate()
  const { can, permissions } = useAbilities()
  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate('affix.screens.settings.title')} />
      {pluginSectionsOf('settings', permissions).map(({ id, component: Shown }) => (
        <Shown key={id} />
      ))}
      <ReportSwitchesSection manage={can('settings', 'manage')} />
    </Box>
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

export default SettingsScreen
