/* The spec's path of deep links (§2: /manage/deep-links) leads to the react-admin resource. */
import { Navigate, reactRouterProvider } from 'react-admin'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

export const specRoutes = [<Route key="manage-deep-links" path="/manage/deep-links" element={<Navigate to="/deep-links" replace />} />]
