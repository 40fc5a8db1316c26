/*
 * Destination macros: {click_id}, {p1}…{p10}, {sub1}…{sub10}, {source}, {campaign_id},
 * {pub_id}, {url}; values URL-encoded, absent ones empty, unknown macros left as written.
 * Templates are split once and memoised (a campaign's URL is reused for every click).
 */
export const PARAM_NAMES = [
  ...Array.from({ length: 10 }, (_, i) => `p${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `sub${i + 1}`),
]
const MACROS = new Set(['click_id', 'source', 'campaign_id', 'pub_id', 'url', ...PARAM_NAMES])

type Part = string | { macro: string }
const templates = new Map<string, Part[]>()

function compile(template: string): Part[] {
  const parts: Part[] = []
  let last = 0
  for (const match of template.matchAll(/\{([a-z0-9_]+)\}/g)) {
    if (!MACROS.has(match[1])) continue
    if (match.index! > last) parts.push(template.slice(last, match.index))
    parts.push({ macro: match[1] })
    last = match.index! + match[0].length
  }
  if (last < template.length) parts.push(template.slice(last))
  return parts
}

export function substituteMacros(template: string, values: Record<string, string | undefined>): string {
  let parts = templates.get(template)
  if (!parts) {
    parts = compile(template)
    if (templates.size >= 10_000) templates.clear()
    templates.set(template, parts)
  }
  let out = ''
  for (const part of parts) out += typeof part === 'string' ? part : encodeURIComponent(values[part.macro] ?? '')
  return out
}
