import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { CAMPAIGNS_API } from '../model'

/**
 * GET <campaign>/<sub> (e.g. notes, timeline) as a query the tab can refresh after a change.
 * A 404 here is the tab's own answer (e.g. no payout plan), not the page's: no /404 detour.
 */
export function useCampaignPart<T>(campaignId: unknown, sub: string, query?: Record<string, string | number>) {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const queryClient = useQueryClient()
  const queryKey = ['campaigns', sub, campaignId, query ?? null]
  const result = useQuery({
    queryKey,
    enabled: campaignId != null,
    retry: false,
    queryFn: async () =>
      ((
        await dataProvider.request<T>(`${CAMPAIGNS_API}/${campaignId}/${sub}`, {
          notFoundPage: false,
          ...(query ? { query } : {}),
        })
      ).data ?? null) as T | null,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['campaigns', sub, campaignId] })
  return { ...result, refresh }
}

/** The field errors of a 422 (react-admin puts them under body.errors), flattened to `field → message`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: Record<string, unknown> } })?.body?.errors ?? {}
  const flat: Record<string, string> = {}
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') flat[prefix] = value
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key)
  }
  walk(errors, '')
  delete flat['root.serverError']
  return flat
}
