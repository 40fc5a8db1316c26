/*
 * The spec's paths (§2: /manage/campaign, /manage/campaign/{id}; featured campaigns as
 * /manage/campaign?featured) lead to the campaigns resource.
 */
import { Navigate, reactRouterProvider, useLocation, useParams } from 'react-admin'

const { Route } = reactRouterProvider

/** `?featured` (any value but false/0) opens the list filtered on featured campaigns. */
export function campaignListPath(search: string): string {
  const params = new URLSearchParams(search)
  const featured = params.get('featured')
  if (featured === null || featured === 'false' || featured === '0') return '/campaigns'
  return `/campaigns?${new URLSearchParams({ filter: JSON.stringify({ featured: true }) })}`
}

const CampaignListRedirect = () => {
  const { search } = useLocation()
  return <Navigate to={campaignListPath(search)} replace />
}

const CampaignById = () => {
  const { id } = useParams()
  return <Navigate to={`/campaigns/${encodeURIComponent(id ?? '')}/show`} replace />
}

export const specRoutes = [
  <Route key="manage-campaign" path="/manage/campaign" element={<CampaignListRedirect />} />,
  <Route key="manage-campaign-id" path="/manage/campaign/:id" element={<CampaignById />} />,
]
