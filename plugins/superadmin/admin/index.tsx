/*
 * Admin UI of the superadmin plugin (package export "./admin"): the superadmin's home
 * (/superadmin/home) and the accounts — every organisation — with each one's detail,
 * verification and settings (/superadmin/accounts/:accountId). Only the superadmin role
 * holds `accounts`, so no one else sees the entries or opens the routes.
 */
import AccountsIcon from '@mui/icons-material/AdminPanelSettings'
import HomeIcon from '@mui/icons-material/Home'
import { reactRouterProvider } from 'react-admin'
import { lazyScreen, type AdminPlugin } from '@affix/admin-ui/plugin-api'
import { ACCOUNTS_API, ACCOUNTS_RESOURCE } from './accounts'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const screens = {
  '/superadmin/home': lazyScreen(() => import('./SuperadminHome').then((module) => module.default)),
  '/superadmin/accounts': lazyScreen(() => import('./AccountList').then((module) => module.default)),
  '/superadmin/accounts/:accountId': lazyScreen(() => import('./AccountDetail').then((module) => module.default)),
}

const superadminAdmin: AdminPlugin = {
  id: 'superadmin',
  resources: [],
  // The accounts list's collection: a paged collection, not a <Resource> of its own.
  collections: [{ name: ACCOUNTS_RESOURCE, apiPath: ACCOUNTS_API }],
  messages: { en, pt, tr },
  menuItems: [
    { path: '/superadmin/home', label: 'superadmin.menu.home', icon: HomeIcon, group: 'home', subject: 'accounts' },
    {
      path: '/superadmin/accounts',
      label: 'superadmin.menu.accounts',
      title: 'superadmin.accounts.title',
      icon: AccountsIcon,
      group: 'manage',
      subject: 'accounts',
    },
  ],
  routes: Object.entries(screens).map(([path, Screen]) => <Route key={path} path={path} element={<Screen />} />),
  routeMeta: [{ path: '/superadmin/accounts/:accountId', title: 'superadmin.accounts.title', subject: 'accounts' }],
}

export default superadminAdmin
