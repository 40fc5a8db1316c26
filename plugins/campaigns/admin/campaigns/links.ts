/*
 * The tracking-link generator's request: POST /campaigns/:id/links {affiliateId, p1..p10,
 * sub1..sub10, source, deepLinkId, shortLink} → {url, shortUrl}.
 */
export const P_PARAMS = Array.from({ length: 10 }, (_, index) => `p${index + 1}`)
export const SUB_PARAMS = Array.from({ length: 10 }, (_, index) => `sub${index + 1}`)
export const LINK_PARAMS = [...P_PARAMS, ...SUB_PARAMS, 'source'] as const

export interface LinkForm {
  affiliateId?: number | null
  deepLinkId?: number | null
  shortLink?: boolean
  [param: string]: unknown
}

/** Trimmed, filled parameters only; an affiliate's own panel sends no affiliateId (the server uses its own). */
export function toLinkPayload(form: LinkForm, { asAffiliate }: { asAffiliate: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (!asAffiliate && form.affiliateId) body.affiliateId = Number(form.affiliateId)
  for (const name of LINK_PARAMS) {
    const value = form[name]
    if (typeof value === 'string' && value.trim()) body[name] = value.trim()
  }
  if (form.deepLinkId) body.deepLinkId = Number(form.deepLinkId)
  if (form.shortLink !== undefined) body.shortLink = Boolean(form.shortLink)
  return body
}

/** The link shown for copying: the short one when there is one. */
export const shownLink = (result: { url: string; shortUrl?: string | null } | null) =>
  result?.shortUrl || result?.url || ''
