import SecurityIcon from '@mui/icons-material/Security'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

export const fraudRulesResource: AdminResource = {
  name: 'configuration/fraud-rules',
  apiPath: '/api/v1/fraud/rules',
  list: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleList)),
  edit: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleEdit)),
  create: lazyScreen(() => import('./FraudRuleScreens').then((module) => module.FraudRuleCreate)),
  icon: SecurityIcon,
  recordRepresentation: 'name',
  menuGroup: 'configuration',
  menuOrder: 50,
  // The server's ability subject is `fraud`.
  subject: 'fraud',
}
