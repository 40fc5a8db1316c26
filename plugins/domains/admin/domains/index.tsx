import DnsIcon from '@mui/icons-material/Dns'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const domainsResource: AdminResource = {
  // A tab of the Tracking page (/configuration/tracking); /configuration/domains leads here.
  name: 'configuration/tracking/domains',
  section: 'configuration/tracking',
  formerNames: ['configuration/domains'],
  apiPath: '/api/v1/domains/domains',
  list: lazyScreen(() => import('./DomainScreens').then((module) => module.DomainList)),
  edit: lazyScreen(() => import('./DomainScreens').then((module) => module.DomainEdit)),
  create: lazyScreen(() => import('./DomainScreens').then((module) => module.DomainCreate)),
  icon: DnsIcon,
  recordRepresentation: 'name',
  menuGroup: 'configuration',
  menuOrder: 60,
  description: 'domains.home.description',
  subject: 'domains',
}
