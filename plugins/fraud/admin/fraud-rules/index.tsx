import SecurityIcon from '@mui/icons-material/Security'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const fraudRulesResource: AdminResource = {
  // A tab of the Tracking page (/configuration/tracking); /configuration/fraud-rules leads here.
  name: 'configuration/tracking/fraud-rules',
  section: 'configuration/tracking',
  formerNames: ['configuration/fraud-rules'],
  apiPath: '/api/v1/fraud/rules',
  list: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleList)),
  edit: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleEdit)),
  create: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleCreate)),
  icon: SecurityIcon,
  recordRepresentation: 'name',
  menuGroup: 'configuration',
  // After the domains tab.
  menuOrder: 65,
  // The server's ability subject is `fraud`.
  subject: 'fraud',
}
