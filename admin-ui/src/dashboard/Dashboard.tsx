/*
 * The root route '/' (spec §2): superadmins go to their accounts page, onboarding-pending
 * organisations to their landing (/home); affiliates and brands see their own home; the
 * other panels the dashboard (figures at a glance, welcome, recommended actions, shortcuts,
 * enabled modules).
 */
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material'
import { Navigate, Title, useTranslate } from 'react-admin'
import { pluginName } from '../layout/plugin_text'
import { SectionErrorBoundary } from '../layout/SectionErrorBoundary'
import { useSession } from '../layout/useSession'
import { DASHBOARD_PATH, homePath } from '../session'
import { installedPlugins } from '../plugins'
import { AtAGlance } from './AtAGlance'
import { PanelHome } from './PanelHome'
import { RecommendedActions } from './RecommendedActions'
import { Shortcuts } from './Shortcuts'

export const Dashboard = () => {
  const translate = useTranslate()
  const { account } = useSession()
  if (!account) return null
  const home = homePath(account)
  if (home !== DASHBOARD_PATH) return <Navigate to={home} replace />
  if (account.user.role === 'affiliate') return <PanelHome kind="affiliate" account={account} />
  if (account.user.role === 'brand') return <PanelHome kind="brand" account={account} />

  const enabledPlugins = account.plugins.filter((plugin) => plugin.enabled)
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title={translate('ra.page.dashboard')} />
      <SectionErrorBoundary type="affix.dashboard.at_a_glance">
        <AtAGlance plugins={installedPlugins} />
      </SectionErrorBoundary>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('affix.dashboard.welcome', { organization: account.org.name })}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {translate('affix.dashboard.signed_in_as', {
              name: account.user.name ?? account.user.email,
              role: translate(`affix.layout.roles.${account.user.role}`, { _: account.user.role }),
            })}
          </Typography>
          <Typography sx={{ mt: 2 }}>{translate('affix.dashboard.intro')}</Typography>
          <SectionErrorBoundary type="affix.home.shortcuts">
            <Shortcuts />
          </SectionErrorBoundary>
          <Typography variant="subtitle2" sx={{ mt: 3 }}>
            {translate('affix.dashboard.plugins')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
            {enabledPlugins.length === 0 && (
              <Typography color="text.secondary">{translate('affix.dashboard.no_plugins')}</Typography>
            )}
            {enabledPlugins.map((plugin) =>
              plugin.featureMissing ? (
                // On, but short of the feature flag it needs: it offers nothing yet, and says why.
                <Chip
                  key={plugin.id}
                  variant="outlined"
                  color="warning"
                  label={translate('affix.dashboard.plugin_feature_missing', { name: pluginName(translate, plugin) })}
                  title={translate('affix.screens.integrations.feature_missing', {
                    features: (plugin.requiresFeatures ?? []).join(', '),
                  })}
                  data-testid="plugin-feature-missing"
                />
              ) : (
                <Chip key={plugin.id} label={pluginName(translate, plugin)} />
              )
            )}
          </Stack>
        </CardContent>
      </Card>
      <SectionErrorBoundary type="affix.home.recommended">
        <RecommendedActions account={account} compact />
      </SectionErrorBoundary>
    </Box>
  )
}
