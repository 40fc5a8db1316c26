/*
 * Core screens inside the logged-in layout (spec §2): account (profile; plugins add tabs such as team members),
 * organisation, configuration (API keys, OAuth apps, integrations), settings, uploads
 * (the superadmin console is the `superadmin` plugin's). Rendered by <CustomRoutes>; each screen is loaded on first visit, so the
 * login page does not carry them. The frame builds the sidebar from screenMenuItems and
 * checks route access with screenRouteMeta.
 */
import AccountIcon from '@mui/icons-material/AccountCircle'
import ApiIcon from '@mui/icons-material/Api'
import OrganizationIcon from '@mui/icons-material/Business'
import UploadsIcon from '@mui/icons-material/CloudUpload'
import DownloadsIcon from '@mui/icons-material/CloudDownload'
import IntegrationsIcon from '@mui/icons-material/Extension'
import SettingsIcon from '@mui/icons-material/Settings'
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react'
import { Loading, reactRouterProvider } from 'react-admin'
import type { Locale } from '../plugin_api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import './resources'

export { LoginAsButton, appHref, loginAsLandingPath } from './LoginAsButton'
export { providePaymentInfoPanel } from './account/account_panels'

export type ScreenMenuGroup =
  'Home' | 'Insights' | 'Engagements' | 'Manage' | 'Configuration' | 'footer:user' | 'footer:help' | 'footer'

export interface ScreenMenuItem {
  path: string
  /** i18n key */
  label: string
  icon: ComponentType
  group: ScreenMenuGroup
  /** Ability subject the item needs (`read` unless `action` says otherwise). */
  subject: string
  action?: 'read' | 'manage'
  /** Position inside its group (lower first; default 100). */
  order?: number
  /** i18n key: what the screen lets one do (listed on the affiliate and brand homes). */
  description?: string
}

/** The sidebar entries of these screens (the frame filters them by ability). */
export const screenMenuItems: ScreenMenuItem[] = [
  {
    path: '/manage/organization',
    label: 'affix.screens.menu.organization',
    icon: OrganizationIcon,
    group: 'Manage',
    subject: 'organization',
    order: 5,
  },
  {
    path: '/configuration/api',
    label: 'affix.screens.menu.api',
    icon: ApiIcon,
    group: 'Configuration',
    subject: 'api_keys',
    order: 10,
    description: 'affix.screens.menu.api_description',
  },
  {
    path: '/configuration/integrations',
    label: 'affix.screens.menu.integrations',
    icon: IntegrationsIcon,
    group: 'Configuration',
    subject: 'plugins',
    order: 20,
  },
  {
    path: '/account?tab=editProfile',
    label: 'affix.screens.menu.profile',
    icon: AccountIcon,
    group: 'footer:user',
    subject: 'account',
  },
  { path: '/uploads', label: 'affix.screens.menu.uploads', icon: UploadsIcon, group: 'footer', subject: 'imports' },
  // Everyone's own exports: every panel reads its account.
  {
    path: '/downloads',
    label: 'affix.screens.menu.downloads',
    icon: DownloadsIcon,
    group: 'footer',
    subject: 'account',
  },
  {
    path: '/settings',
    label: 'affix.screens.menu.settings',
    icon: SettingsIcon,
    group: 'footer:help',
    subject: 'settings',
  },
]

export interface ScreenRouteMeta {
  /** Route path as declared (parameters as `:name`). */
  path: string
  /** Page title (i18n key). */
  title: string
  subject: string
  action?: 'read' | 'manage'
}

/** Title and required ability of every route below (spec §2: access checked on the path without parameters). */
export const screenRouteMeta: ScreenRouteMeta[] = [
  { path: '/account', title: 'affix.screens.account.title', subject: 'account' },
  { path: '/manage/organization', title: 'affix.screens.organization.title', subject: 'organization' },
  { path: '/configuration/api', title: 'affix.screens.api.title', subject: 'api_keys' },
  { path: '/configuration/integrations', title: 'affix.screens.integrations.title', subject: 'plugins' },
  { path: '/settings', title: 'affix.screens.settings.title', subject: 'settings' },
  { path: '/uploads', title: 'affix.screens.uploads.title', subject: 'imports' },
  { path: '/downloads', title: 'affix.screens.downloads.title', subject: 'account' },
]

const SCREENS: Record<string, ComponentType> = {
  '/account': lazy(() => import('./account/AccountScreen')),
  '/manage/organization': lazy(() => import('./organization/OrganizationScreen')),
  '/configuration/api': lazy(() => import('./configuration/ApiScreen')),
  '/configuration/integrations': lazy(() => import('./configuration/IntegrationsScreen')),
  '/settings': lazy(() => import('./settings/SettingsScreen')),
  '/uploads': lazy(() => import('./uploads/UploadsScreen')),
  '/downloads': lazy(() => import('./downloads/DownloadsScreen')),
}

// react-router's <Route>, taken from react-admin so it is the very copy <CustomRoutes> reads.
const { Route } = reactRouterProvider

export const screenRoutes: ReactElement[] = screenRouteMeta.map(({ path }) => {
  const Screen = SCREENS[path]
  return (
    <Route
      key={path}
      path={path}
      element={
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      }
    />
  )
})

export const screenMessages: Record<Locale, Record<string, unknown>> = { en, pt, tr }
