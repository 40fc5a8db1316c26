/* The spec's paths of media (§2: /manage/media, /manage/media/{mediaId}) lead to the react-admin resource. */
import { Navigate, reactRouterProvider, useParams } from 'react-admin'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const MediaById = () => {
  const { id } = useParams()
  return <Navigate to={`/media/${encodeURIComponent(id ?? '')}/show`} replace />
}

export const specRoutes = [
  <Route key="manage-media" path="/manage/media" element={<Navigate to="/media" replace />} />,
  <Route key="manage-media-id" path="/manage/media/:id" element={<MediaById />} />,
]
