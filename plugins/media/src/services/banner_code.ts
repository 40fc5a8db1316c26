/*
 * Banner code (spec §2 "banner code generator"): the affiliate's tracking link and the
 * markup to paste, as HTML and as a script that inserts the same markup. Every value put
 * into markup is HTML-escaped; the script embeds the markup as a JSON string literal.
 */
import { trackingLink } from '@affix/core/kernel'
import type Media from '../models/media.js'

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Replaces each `{macro}` by its value, passed through `encode` (URL or HTML escaping). */
export function applyMacros(text: string, values: Record<string, string>, encode: (value: string) => string) {
  return text.replace(/\{[a-z0-9_]+\}/g, (token) => (token in values ? encode(values[token]) : token))
}

export interface BannerCodeInput {
  media: Media
  baseUrl: string
  affiliateId: number
  campaignId: number | null
  /** The public link of the image (null when the media has no image). */
  imageUrl: string | null
  /** The HTML of an HTML ad or e-mail creative. */
  htmlContent: string | null
}

/** A script that inserts `html` just before itself (no document.write). */
export function insertingScript(html: string) {
  const literal = JSON.stringify(html)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `(function(){var s=document.currentScript;if(!s||!s.parentNode)return;var t=document.createElement('template');t.innerHTML=${literal};s.parentNode.insertBefore(t.content,s);})();`
}

export function buildBannerCode({ media, baseUrl, affiliateId, campaignId, imageUrl, htmlContent }: BannerCodeInput) {
  const values: Record<string, string> = {}
  for (const { macro, value } of media.macros ?? []) values[macro] = value
  // Built-in values win over same-named user macros: an affiliate's id is never replaced.
  values['{pub_id}'] = String(affiliateId)
  values['{media_id}'] = String(media.id)
  if (campaignId) values['{campaign_id}'] = String(campaignId)

  const destination = media.link ? applyMacros(media.link, values, encodeURIComponent) : null
  const link = trackingLink({ baseUrl, campaignId, affiliateId, params: { media_id: media.id, url: destination } })
  values['{tracking_link}'] = link

  const anchor = (inner: string) => `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">${inner}</a>`
  let html: string
  if (htmlContent !== null) {
    html = applyMacros(htmlContent, values, escapeHtml)
  } else if (imageUrl) {
    const size = media.width && media.height ? ` width="${media.width}" height="${media.height}"` : ''
    html = anchor(`<img src="${escapeHtml(imageUrl)}"${size} alt="${escapeHtml(media.title)}">`)
  } else {
    html = anchor(escapeHtml(media.title))
  }
  return { trackingLink: link, html, js: insertingScript(html) }
}
