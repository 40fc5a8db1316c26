import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Switch,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Loading, Title, useNotify, useTranslate } from 'react-admin'
import { fieldErrorsOf, statusOf, useApi, useNotifyError } from '../api'
import type { Organization } from '../organization/organization'
import { useAbilities } from '../shared/abilities'
import { useRefreshAccount } from '../shared/useRefreshAccount'
import { pluginDescription, pluginName } from '../../layout/plugin_text'
import { JsonSchemaForm } from './JsonSchemaForm'
import type { JsonSchema } from './jsonSchemaForm'

export interface PluginState {
  id: string
  name: string
  description?: string | null
  dependsOn: string[]
  enabled: boolean
  /** A platform feature: on for every organisation, nothing to switch here. */
  platform?: boolean
  /** Whether GET /plugins/{id}/settings has a form to show (no request, and no 404, for the others). */
  hasSettings?: boolean
  requiresFeatures?: string[]
  featureMissing?: boolean
}

interface PluginSettings {
  schema: JsonSchema
  values: Record<string, unknown>
}

const PLUGINS_KEY = ['affix', 'plugins']

/** /configuration/integrations: the installed plugins, on or off for this organisation, and their settings. */
export const IntegrationsScreen = () => {
  const translate = useTranslate()
  const api = useApi()
  const { can } = useAbilities()
  const { data: plugins, isPending } = useQuery({
    queryKey: PLUGINS_KEY,
    queryFn: () => api.get<PluginState[]>('/api/v1/plugins'),
  })
  // A parent organisation may switch integrations off for its children (spec §6).
  const { data: organization } = useQuery({
    queryKey: ['affix', 'organization'],
    queryFn: () => api.get<Organization>('/api/v1/organization'),
    enabled: can('organization'),
  })
  const lockedByParent = new Set<string>(organization?.restrictions?.disabledIntegrations ?? [])
  if (isPending) return <Loading />
  return (
    <Box sx={{ mt: 1, maxWidth: 1000 }}>
      <Title title={translate('affix.screens.integrations.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('affix.screens.integrations.help')}
      </Typography>
      {(plugins ?? []).map((plugin) => (
        <PluginCard
          key={plugin.id}
          plugin={plugin}
          plugins={plugins ?? []}
          manage={can('plugins', 'manage')}
          lockedByParent={lockedByParent.has(plugin.id)}
        />
      ))}
      {plugins?.length === 0 && <Typography>{translate('affix.screens.integrations.none')}</Typography>}
    </Box>
  )
}

const PluginCard = ({
  plugin,
  plugins,
  manage,
  lockedByParent,
}: {
  plugin: PluginState
  plugins: PluginState[]
  manage: boolean
  lockedByParent: boolean
}) => {
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const api = useApi()
  const queryClient = useQueryClient()
  const refreshAccount = useRefreshAccount()
  const [busy, setBusy] = useState(false)
  const name = pluginName(translate, plugin)
  const description = pluginDescription(translate, plugin)
  const nameOf = (id: string) => {
    const other = plugins.find((candidate) => candidate.id === id)
    return other ? pluginName(translate, other) : id
  }

  const toggle = async (enabled: boolean) => {
    setBusy(true)
    try {
      await api.patch<PluginState>(`/api/v1/plugins/${encodeURIComponent(plugin.id)}`, { enabled })
      // Dependants may have changed with it: reload the whole list.
      await queryClient.invalidateQueries({ queryKey: PLUGINS_KEY })
      // New abilities and plugin list: the sidebar and the plugin screens follow at once.
      await refreshAccount()
      notify(enabled ? 'affix.screens.integrations.enabled' : 'affix.screens.integrations.disabled', {
        type: 'info',
        messageArgs: { name },
      })
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={name}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {name}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
            {plugin.dependsOn.length > 0 && (
              <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="caption">{translate('affix.screens.integrations.depends_on')}</Typography>
                {plugin.dependsOn.map((id) => (
                  <Chip key={id} size="small" label={nameOf(id)} />
                ))}
              </Box>
            )}
            {plugin.enabled && plugin.featureMissing && (
              <Typography variant="body2" sx={{ mt: 1, color: 'warning.dark' }} data-testid="feature-missing">
                {translate('affix.screens.integrations.feature_missing', {
                  features: (plugin.requiresFeatures ?? []).join(', '),
                })}
              </Typography>
            )}
            {lockedByParent && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
                {translate('affix.screens.integrations.locked_by_parent')}
              </Typography>
            )}
          </Box>
          {plugin.platform ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {translate('affix.screens.integrations.platform')}
            </Typography>
          ) : (
            <FormControlLabel
              control={
                <Switch
                  checked={plugin.enabled}
                  disabled={!manage || busy || (lockedByParent && !plugin.enabled)}
                  onChange={(event) => toggle(event.target.checked)}
                  slotProps={{ input: { 'aria-label': translate('affix.screens.integrations.toggle', { name }) } }}
                />
              }
              label={translate(plugin.enabled ? 'affix.screens.integrations.on' : 'affix.screens.integrations.off')}
            />
          )}
        </Box>
        {plugin.enabled && plugin.hasSettings && <PluginSettingsPanel plugin={plugin} name={name} manage={manage} />}
      </CardContent>
    </Card>
  )
}

/** The plugin's settings form (plugins with settings only; a plugin removed meanwhile answers 404: nothing shown). */
const PluginSettingsPanel = ({ plugin, name, manage }: { plugin: PluginState; name: string; manage: boolean }) => {
  const translate = useTranslate()
  const notify = useNotify()
  const notifyError = useNotifyError()
  const api = useApi()
  const queryClient = useQueryClient()
  const key = ['affix', 'plugin-settings', plugin.id]
  const path = `/api/v1/plugins/${encodeURIComponent(plugin.id)}/settings`
  const { data: settings } = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await api.get<PluginSettings>(path, { notFoundIsAnswer: true })
      } catch (error) {
        if (statusOf(error) === 404) return null
        throw error
      }
    },
    retry: false,
  })
  if (!settings) return null
  const submit = async (values: Record<string, unknown>) => {
    try {
      const saved = await api.put<PluginSettings>(path, values)
      queryClient.setQueryData(key, saved)
      notify('affix.screens.integrations.settings.saved', { type: 'success', messageArgs: { name } })
      return undefined
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (fields) return fields
      notifyError(error)
      return undefined
    }
  }
  return (
    <Accordion sx={{ mt: 2 }} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        {translate('affix.screens.integrations.settings.title')}
      </AccordionSummary>
      <AccordionDetails>
        <JsonSchemaForm
          schema={settings.schema}
          values={settings.values}
          onSubmit={submit}
          messagePrefix={`${plugin.id}.settings`}
          disabled={!manage}
        />
      </AccordionDetails>
    </Accordion>
  )
}

export default IntegrationsScreen
