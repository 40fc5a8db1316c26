/*
 * Admin UI of the tracking plugin (package export "./admin"): the recorded clicks under
 * Engagements (/engagements/click).
 */
import type { AdminPlugin } from '@affix/admin-ui/plugin-api'
import { daysBefore } from '@affix/admin-ui/plugin-api'
import { clicksResource } from './clicks'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

const trackingAdmin: AdminPlugin = {
  id: 'tracking',
  resources: [clicksResource],
  messages: { en, pt, tr },
  glance: [
    {
      label: 'tracking.glance.clicks',
      resource: 'engagements/click',
      sort: { field: 'createdAt', order: 'DESC' },
      filter: (now) => ({ from: daysBefore(now, 30).instant }),
      order: 10,
    },
  ],
}

export default trackingAdmin
