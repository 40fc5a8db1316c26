import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange'
import type { AdminResource } from '@affix/admin-ui/plugin-api'
import { lazyScreen } from '@affix/admin-ui/plugin-api'
import { FX_RATES_API } from '../model'

/** The organisation's FX rates, keyed by their currencies and date (the API gives them no id). */
export const fxRatesResource: AdminResource = {
  name: 'configuration/fx-rates',
  apiPath: FX_RATES_API,
  primaryKey: ['from', 'to', 'date'],
  list: lazyScreen(() => import('./FxRateList').then((module) => module.FxRateList)),
  icon: CurrencyExchangeIcon,
  menuGroup: 'configuration',
  menuOrder: 80,
  description: 'customers.home.fx_rates',
  subject: 'fx-rates',
}
