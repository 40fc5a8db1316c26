/*
 * The spec's paths of affiliates (§2: /manage/affiliate, /manage/affiliate/{id},
 * /manage/referred-affiliates) and the CSV import screen.
 */
import { Navigate, reactRouterProvider, useParams } from 'react-admin'
import { lazyScreen } from '@affix/admin-ui/plugin-api'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const AffiliateById = () => {
  const { id } = useParams()
  return <Navigate to={`/affiliates/${encodeURIComponent(id ?? '')}/show`} replace />
}

const ImportScreen = lazyScreen(() => import('./imports/AffiliateImportScreen').then((module) => module.AffiliateImportScreen))
const ReferredScreen = lazyScreen(() => import('./me/ReferredAffiliatesScreen').then((module) => module.ReferredAffiliatesScreen))

export const specRoutes = [
  <Route key="manage-affiliate" path="/manage/affiliate" element={<Navigate to="/affiliates" replace />} />,
  <Route key="manage-affiliate-import" path="/manage/affiliate/import" element={<ImportScreen />} />,
  <Route key="manage-affiliate-id" path="/manage/affiliate/:id" element={<AffiliateById />} />,
  <Route key="manage-referred-affiliates" path="/manage/referred-affiliates" element={<ReferredScreen />} />,
]
