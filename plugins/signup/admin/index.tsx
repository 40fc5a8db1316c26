/*
 * Admin UI of the signup plugin (package export "./admin"): the public signup pages of
 * affiliates and advertisers (/register/affiliate/:orgId[/:campId], /register/:type/:orgId,
 * the spec's addresses) and two sections of core's /settings screen: the organisation's
 * signup form (auto approve, custom fields) and its affiliate signup link. Nobody is logged
 * in on the pages, so they are mounted whenever the plugin is installed; a form the server
 * does not offer (404) shows the not-found page.
 */
import { reactRouterProvider } from 'react-admin'
import { lazyScreen, type AdminPlugin } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

// react-router's <Route>, taken from react-admin so it is the very copy <CustomRoutes> reads.
const { Route } = reactRouterProvider

const SignupPage = lazyScreen(() => import('./SignupPage').then((module) => module.SignupPage))

/** The UI paths of the signup page; /register itself (an organisation's registration) is core's. */
export const SIGNUP_PATHS = [
  '/register/affiliate/:orgId',
  '/register/affiliate/:orgId/:campId',
  '/register/:type/:orgId',
] as const

const signupAdmin: AdminPlugin = {
  id: 'signup',
  resources: [],
  messages: { en, pt, tr },
  // Static segments win over parameters, so /register/affiliate/… is matched before /register/:type/….
  publicRoutes: SIGNUP_PATHS.map((path) => <Route key={path} path={path} element={<SignupPage />} />),
  screenSections: [
    {
      screen: 'settings',
      id: 'signup-url',
      subject: 'settings',
      component: lazyScreen(() => import('./SignupUrlSection').then((module) => module.SignupUrlSection)),
    },
    {
      screen: 'settings',
      id: 'signup-form',
      subject: 'settings',
      component: lazyScreen(() => import('./SignupSettingsSection').then((module) => module.SignupSettingsSection)),
    },
  ],
}

export default signupAdmin
