/* The ledger's screens beside its rows resource: statements, periods and their close, carryover, referrals, brand formulas. */
import { reactRouterProvider } from 'react-admin'
import { lazyScreen, type MenuItemDefinition } from '@affix/admin-ui/plugin-api'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined'
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined'
import TrendingDownIcon from '@mui/icons-material/TrendingDown'
import Diversity3Icon from '@mui/icons-material/Diversity3Outlined'
import FunctionsIcon from '@mui/icons-material/Functions'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const screens = {
  '/engagements/payout-summary': lazyScreen(() =>
    import('./screens/StatementsScreen').then((module) => module.StatementsScreen)
  ),
  '/engagements/payout-periods': lazyScreen(() =>
    import('./screens/PeriodsScreen').then((module) => module.PeriodsScreen)
  ),
  '/engagements/carryover': lazyScreen(() =>
    import('./screens/CarryoverScreen').then((module) => module.CarryoverScreen)
  ),
  '/engagements/referral': lazyScreen(() => import('./screens/ReferralScreen').then((module) => module.ReferralScreen)),
  '/configuration/brand-formula': lazyScreen(() =>
    import('./screens/FormulaScreen').then((module) => module.FormulaScreen)
  ),
}

export const payoutRoutes = Object.entries(screens).map(([path, Screen]) => (
  <Route key={path} path={path} element={<Screen />} />
))

export const payoutMenuItems: MenuItemDefinition[] = [
  {
    path: '/engagements/payout-summary',
    label: 'payouts.menu.statements',
    icon: ReceiptLongIcon,
    group: 'engagements',
    subject: 'payouts',
    order: 71,
    description: 'payouts.home.statements',
  },
  {
    path: '/engagements/carryover',
    label: 'payouts.menu.carryover',
    icon: TrendingDownIcon,
    group: 'engagements',
    subject: 'payouts',
    order: 72,
    description: 'payouts.home.carryover',
  },
  {
    path: '/engagements/referral',
    label: 'payouts.menu.referrals',
    icon: Diversity3Icon,
    group: 'engagements',
    subject: 'payouts',
    order: 73,
    description: 'payouts.home.referrals',
  },
  {
    path: '/engagements/payout-periods',
    label: 'payouts.menu.periods',
    icon: EventAvailableIcon,
    group: 'engagements',
    subject: 'payouts.periods',
    action: 'manage',
    order: 74,
  },
  {
    path: '/configuration/brand-formula',
    label: 'payouts.menu.formula',
    icon: FunctionsIcon,
    group: 'configuration',
    subject: 'payouts.settings',
    order: 60,
  },
]
