/*
 * Admin UI of the oauth plugin (package export "./admin"): the OAuth apps tab of the API
 * screen (/configuration/api?tab=oauth) and its messages. The shell shows the tab while
 * the organisation has the plugin enabled and the account may read OAuth apps.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'
import { OAUTH_APPS_API, OAUTH_APPS_RESOURCE } from './types'

const oauthAdmin: AdminPlugin = {
  id: 'oauth',
  resources: [],
  // The tab's table: a paged collection, not a page of its own.
  collections: [{ name: OAUTH_APPS_RESOURCE, apiPath: OAUTH_APPS_API }],
  messages: { en, pt, tr },
  screenTabs: [
    {
      screen: 'configuration/api',
      id: 'oauth',
      label: 'oauth.tab',
      subject: 'oauth_apps',
      component: lazyScreen(() => import('./OAuthAppsTab').then((module) => module.OAuthAppsTab)),
    },
  ],
}

export default oauthAdmin
