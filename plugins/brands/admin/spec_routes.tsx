/*
 * The spec's paths of the catalogue (§2: /manage/brand, /manage/brand/{id}, /manage/product)
 * lead to this plugin's react-admin resources, so links and bookmarks in that form work.
 */
import { Navigate, reactRouterProvider, useParams } from 'react-admin'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const BrandById = () => {
  const { id } = useParams()
  return <Navigate to={`/brands/${encodeURIComponent(id ?? '')}/show`} replace />
}

export const specRoutes = [
  <Route key="manage-brand" path="/manage/brand" element={<Navigate to="/brands" replace />} />,
  <Route key="manage-brand-id" path="/manage/brand/:id" element={<BrandById />} />,
  <Route key="manage-product" path="/manage/product" element={<Navigate to="/products" replace />} />,
]
