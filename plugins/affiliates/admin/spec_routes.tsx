/* The affiliates plugin's screen beside its resources: the CSV import (/manage/affiliate/import). */
import { reactRouterProvider } from 'react-admin'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const ImportScreen = lazyScreen(() =>
  import('./imports/AffiliateImportScreen').then((module) => module.AffiliateImportScreen)
)

export const specRoutes = [
  <Route key="manage-affiliate-import" path="/manage/affiliate/import" element={<ImportScreen />} />,
]
