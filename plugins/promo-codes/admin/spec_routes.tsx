/* The spec's path of promo codes (§2: /manage/promo-code) leads to the react-admin resource. */
import { Navigate, reactRouterProvider } from 'react-admin'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

export const specRoutes = [<Route key="manage-promo-code" path="/manage/promo-code" element={<Navigate to="/promo-codes" replace />} />]
