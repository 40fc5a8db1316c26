/*
 * Admin UI of the branding plugin (package export "./admin"): the logos section of the
 * organisation screen (/manage/organization) and its messages. The shell shows the section
 * while the organisation has the plugin enabled; uploading and removing need settings:manage.
 * The sidebar logo, the favicon and the login pages read the URLs core passes on (account,
 * /auth/meta), which are null while the plugin is off.
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const brandingAdmin: AdminPlugin = {
  id: 'branding',
  resources: [],
  messages: { en, pt, tr },
  screenSections: [
    {
      screen: 'manage/organization',
      id: 'logos',
      subject: 'account',
      component: lazyScreen(() => import('./LogosSection').then((module) => module.LogosSection)),
    },
  ],
}

export default brandingAdmin
