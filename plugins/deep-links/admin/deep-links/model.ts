/* Client-side checks mirroring plugins/deep-links/src/validators.ts (spec §5 URL messages). */
import { maxLength, required } from 'react-admin'

export const DEEP_LINKS_API = '/api/v1/deep-links/deep-links'
export const DEEP_LINK_STATUSES = ['active', 'inactive'] as const
export const statusChoices = DEEP_LINK_STATUSES.map((status) => ({ id: status, name: `deep_links.status.${status}` }))

/** "URL is required"; "Invalid URL" unless it parses as an http(s) URL with a host. */
export function validateUrl(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) return 'deep_links.validation.url_required'
  try {
    const url = new URL(text)
    if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.'))
      return 'deep_links.validation.url_invalid'
  } catch {
    return 'deep_links.validation.url_invalid'
  }
  return text.length > 2048 ? 'deep_links.validation.url_too_long' : undefined
}
// Shown with an asterisk like any required input.
validateUrl.isRequired = true

export const validateDeepLink = {
  name: [required(), maxLength(350)],
  url: [validateUrl],
}

export function toDeepLinkPayload(
  data: Record<string, unknown>,
  { campaigns }: { campaigns: boolean }
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    url: typeof data.url === 'string' ? data.url.trim() : data.url,
    status: data.status ?? 'active',
  }
  if (campaigns) payload.campaignId = data.campaignId ?? null
  return payload
}
