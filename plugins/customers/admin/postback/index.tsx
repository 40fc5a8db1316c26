import CallReceivedIcon from '@mui/icons-material/CallReceived'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { POSTBACK_LOG_API } from '../model'

/** The operator's inbound postback: its URL and secret, and the log of what arrived. */
export const operatorPostbackResource: AdminResource = {
  name: 'configuration/operator-postback',
  apiPath: POSTBACK_LOG_API,
  list: lazyScreen(() => import('./PostbackLogList').then((module) => module.PostbackLogList)),
  icon: CallReceivedIcon,
  menuGroup: 'configuration',
  menuOrder: 70,
  description: 'customers.home.postback',
  subject: 'customers',
}
