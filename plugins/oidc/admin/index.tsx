/*
 * Admin UI of the oidc plugin (package export "./admin"): "Sign in with SSO" on the login
 * page and the page the provider sends the browser back to (/auth/verify/google, the
 * spec's address). Both are public: nobody is logged in yet, and the plugin is platform-level.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { reactRouterProvider } from 'react-admin'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { OidcButton } from './OidcButton'
import { OidcCallbackPage } from './OidcCallbackPage'

// react-router's <Route>, taken from react-admin so it is the very copy <CustomRoutes> reads.
const { Route } = reactRouterProvider

const oidcAdmin: AdminPlugin = {
  id: 'oidc',
  resources: [],
  messages: { en, pt, tr },
  // A static segment: matched before the shell's /auth/verify/:token (e-mail verification).
  publicRoutes: [<Route key="oidc" path="/auth/verify/google" element={<OidcCallbackPage />} />],
  loginActions: [OidcButton],
}

export default oidcAdmin
