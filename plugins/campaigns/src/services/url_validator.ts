/*
 * The URL validator of spec §5, for tracking and postback URLs: the URL is required, must
 * parse as an http(s) URL, and must carry macros — all of the listed ones in strict mode,
 * else at least `minimum` (default 1) of them. Returns a message key and its data; callers
 * translate it. Macros are written `{name}` in the URL.
 */
export interface UrlCheck {
  valid: boolean
  key: 'required' | 'invalid' | 'missing_macro' | 'missing_macros' | 'at_least' | 'valid'
  data: Record<string, string | number>
  /** With 'at_least': the macros to list ("a, b or c", joined in the caller's language). */
  choices?: string[]
}

export interface UrlRules {
  macros: string[]
  mode: 'strict' | 'any'
  /** With mode 'any': how many of the macros must appear (default 1). */
  minimum?: number
}

export function checkTrackingUrl(url: string | null | undefined, rules: UrlRules): UrlCheck {
  const trimmed = (url ?? '').trim()
  if (!trimmed) return { valid: false, key: 'required', data: {} }
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    return { valid: false, key: 'invalid', data: {} }
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname)
    return { valid: false, key: 'invalid', data: {} }
  const macros = [...new Set(rules.macros)]
  const present = macros.filter((macro) => trimmed.includes(`{${macro}}`))
  if (rules.mode === 'strict') {
    const missing = macros.filter((macro) => !present.includes(macro))
    if (missing.length === 1) return { valid: false, key: 'missing_macro', data: { macro: missing[0] } }
    if (missing.length > 1) return { valid: false, key: 'missing_macros', data: { macros: missing.join(', ') } }
  } else if (macros.length) {
    const minimum = Math.min(Math.max(rules.minimum ?? 1, 1), macros.length)
    if (present.length < minimum) return { valid: false, key: 'at_least', data: { minimum }, choices: macros }
  }
  return { valid: true, key: 'valid', data: {} }
}
