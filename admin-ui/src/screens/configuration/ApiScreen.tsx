import { Box, Tab, Tabs } from '@mui/material'
import { Title, useLocation, useNavigate, useTranslate } from 'react-admin'
import { useAbilities } from '../shared/abilities'
import { ApiKeysTab } from './ApiKeysTab'
import { ApiLogTab } from './ApiLogTab'
import { OAuthAppsTab } from './OAuthAppsTab'

const TABS = ['keys', 'log', 'oauth'] as const
type ApiTab = (typeof TABS)[number]

/** /configuration/api?tab=keys|log|oauth: API keys, the API log, OAuth apps. */
export const ApiScreen = () => {
  const translate = useTranslate()
  const location = useLocation()
  const navigate = useNavigate()
  const { can } = useAbilities()
  const visible = TABS.filter((tab) => (tab === 'oauth' ? can('oauth_apps') : can('api_keys')))
  const requested = new URLSearchParams(location.search).get('tab') as ApiTab | null
  const tab = requested && visible.includes(requested) ? requested : visible[0]
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('affix.screens.api.title')} />
      <Tabs
        value={tab ?? false}
        onChange={(_event, next: ApiTab) => navigate(`/configuration/api?tab=${next}`)}
        aria-label={translate('affix.screens.api.title')}
        sx={{ mb: 1 }}
      >
        {visible.map((name) => (
          <Tab key={name} value={name} label={translate(`affix.screens.api.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'keys' && <ApiKeysTab />}
      {tab === 'log' && <ApiLogTab />}
      {tab === 'oauth' && <OAuthAppsTab />}
    </Box>
  )
}

export default ApiScreen
