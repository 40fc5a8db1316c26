/*
 * The affiliate tracking link. One small builder so media (banner code), campaigns and
 * tracking (issue 6) produce the same shape; the tracking plugin may take it over.
 */
export interface TrackingLinkInput {
  /** Public origin of the tracker, e.g. https://track.example.com (no trailing slash needed). */
  baseUrl: string
  campaignId?: number | null
  affiliateId: number
  /** Extra query parameters (media_id, macros…); pub_id is always the affiliate's id. */
  params?: Record<string, string | number | null | undefined>
}

/** `${baseUrl}/c/{campaignId}?pub_id={affiliateId}&…` (just `/c` while no campaign is given). */
export function trackingLink({ baseUrl, campaignId, affiliateId, params = {} }: TrackingLinkInput): string {
  const base = baseUrl.replace(/\/+$/, '')
  const path = campaignId ? `/c/${encodeURIComponent(String(campaignId))}` : '/c'
  const query = new URLSearchParams()
  query.set('pub_id', String(affiliateId))
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || name === 'pub_id') continue
    query.set(name, String(value))
  }
  return `${base}${path}?${query.toString()}`
}

/** `${baseUrl}/s/{token}`: a short link the tracking plugin resolves to its full tracking link. */
export function shortTrackingLink({ baseUrl, token }: { baseUrl: string; token: string }): string {
  return `${baseUrl.replace(/\/+$/, '')}/s/${encodeURIComponent(token)}`
}
