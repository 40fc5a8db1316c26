/*
 * Redirect rules of spec §2 inside the layout: a locked panel (billing, admin and
 * sub-admin) goes to /manage/billing; a route whose ability the account lacks — checked on
 * its path without parameters (menu_registry.routeMetaFor) — goes to the panel's home.
 * A route of a plugin that is on but needs an organisation feature flag this organisation
 * lacks (deep links: edl) says so instead of bouncing home without a word.
 * Unauthenticated visitors never get here: authProvider.checkAuth sends them to a login page.
 */
import LockIcon from '@mui/icons-material/Lock'
import ToggleOffIcon from '@mui/icons-material/ToggleOffOutlined'
import { Box, Button, Card, CardContent, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { LinkBase, Navigate, useLocation, useLogout, useTranslate } from 'react-admin'
import { effectiveAbilities, hasAbility } from '../auth_provider'
import { homePath, isPanelLocked, type Account } from '../session'
import { hasRoute, routeMetaFor } from './menu_registry'
import { pluginName } from './plugin_text'
import { useSession } from './useSession'

export const BILLING_PATH = '/manage/billing'

/** Where the guard sends `pathname` for this account, or null to show it. */
export function guardRedirect(account: Account | null, coid: number | null, pathname: string): string | null {
  if (!account) return null
  if (isPanelLocked(account)) return pathname === BILLING_PATH ? null : BILLING_PATH
  // Without a billing screen, /manage/billing only holds a locked panel: once unlocked (or
  // reached after someone else logged out there), it is no page at all, so go home.
  if (pathname === BILLING_PATH && !hasRoute(BILLING_PATH)) return homePath(account)
  const meta = routeMetaFor(pathname)
  if (meta?.subject && !hasAbility(effectiveAbilities(account, coid), meta.subject, meta.action ?? 'read')) {
    const home = homePath(account)
    return home === pathname ? null : home
  }
  return null
}

type PluginState = Account['plugins'][number]

/** The plugin whose route `pathname` is, when it is on but short of the feature flag it needs. */
export function pluginMissingFeature(account: Account | null, pathname: string): PluginState | null {
  const pluginId = routeMetaFor(pathname)?.plugin
  const state = pluginId ? account?.plugins.find((plugin) => plugin.id === pluginId) : undefined
  return state?.enabled && state.featureMissing ? state : null
}

/** Why a screen of an enabled plugin shows nothing: the organisation lacks the feature it needs. */
const FeatureNotEnabled = ({ account, plugin }: { account: Account; plugin: PluginState }) => {
  const translate = useTranslate()
  const name = pluginName(translate, plugin)
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }} data-testid="feature-not-enabled">
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <ToggleOffIcon color="action" fontSize="large" />
          <Typography variant="h5" component="h1">
            {translate('affix.layout.feature_missing.title', { name, organization: account.org.name })}
          </Typography>
          <Typography>
            {translate('affix.layout.feature_missing.body', {
              name,
              features: (plugin.requiresFeatures ?? []).join(', '),
            })}
          </Typography>
          <Button variant="contained" component={LinkBase} to={homePath(account)}>
            {translate('affix.layout.feature_missing.home')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  )
}

/** Shown on /manage/billing to a locked panel when no billing screen is installed. */
const PanelLocked = ({ account }: { account: Account }) => {
  const translate = useTranslate()
  const logout = useLogout()
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <LockIcon color="warning" fontSize="large" />
          <Typography variant="h5" component="h1">
            {translate('affix.layout.locked.title')}
          </Typography>
          <Typography>{translate('affix.layout.locked.body', { organization: account.org.name })}</Typography>
          <Button variant="outlined" onClick={() => logout()}>
            {translate('affix.layout.footer.logout')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  )
}

export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { account, coid } = useSession()
  const { pathname } = useLocation()
  const missingFeature = account && !isPanelLocked(account) ? pluginMissingFeature(account, pathname) : null
  if (account && missingFeature) return <FeatureNotEnabled account={account} plugin={missingFeature} />
  const target = guardRedirect(account, coid, pathname)
  if (target) return <Navigate to={target} replace />
  if (account && isPanelLocked(account) && !hasRoute(BILLING_PATH)) return <PanelLocked account={account} />
  return <>{children}</>
}
