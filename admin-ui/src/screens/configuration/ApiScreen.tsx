import { Box, Tab, Tabs } from '@mui/material'
import { Title, useLocation, useNavigate, useTranslate } from 'react-admin'
import { useAbilities } from '../shared/abilities'
import { pluginTabsOf } from '../screen_tabs'
import { ApiKeysTab } from './ApiKeysTab'
import { ApiLogTab } from './ApiLogTab'

const CORE_TABS = [
  { id: 'keys', label: 'affix.screens.api.tabs.keys', component: ApiKeysTab },
  { id: 'log', label: 'affix.screens.api.tabs.log', component: ApiLogTab },
]

/**
 * /configuration/api?tab=keys|log|…: API keys, the API log, then the tabs plugins add
 * (the oauth plugin's OAuth apps, ?tab=oauth).
 */
export const ApiScreen = () => {
  const translate = useTranslate()
  const location = useLocation()
  const navigate = useNavigate()
  const { can, permissions } = useAbilities()
  const visible = [...(can('api_keys') ? CORE_TABS : []), ...pluginTabsOf('configuration/api', permissions)]
  const requested = new URLSearchParams(location.search).get('tab')
  const tab = visible.find((candidate) => candidate.id === requested) ?? visible[0]
  const Shown = tab?.component
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('affix.screens.api.title')} />
      <Tabs
        value={tab?.id ?? false}
        onChange={(_event, next: string) => navigate(`/configuration/api?tab=${next}`)}
        aria-label={translate('affix.screens.api.title')}
        sx={{ mb: 1 }}
      >
        {visible.map(({ id, label }) => (
          <Tab key={id} value={id} label={translate(label)} />
        ))}
      </Tabs>
      {Shown && <Shown />}
    </Box>
  )
}

export default ApiScreen
