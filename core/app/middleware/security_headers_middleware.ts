import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Response headers a panel and an API need, on every answer (errors and 404s included):
 * a Content-Security-Policy per kind of page, no framing, no MIME sniffing, no referrer
 * outside the site, and HSTS when the request came over HTTPS (TLS here, or a trusted
 * proxy's X-Forwarded-Proto: see TRUSTED_PROXIES), and `Vary: Origin` when CORS is on. Set before the handler, so a route
 * serving untrusted files can still tighten them (media downloads add a sandbox).
 *
 * Written here rather than with helmet: five headers whose choice depends on the route
 * (UI, API reference, API) and on the proxy trust AdonisJS already applies.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { response, request } = ctx
    const path = request.url()
    response.header('Content-Security-Policy', policyFor(path))
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('X-Frame-Options', 'DENY')
    response.header('Referrer-Policy', 'same-origin')
    if (request.secure()) response.header('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE}; includeSubDomains`)
    // With CORS on, an answer depends on the request's Origin (allowed or not): a shared cache
    // must never hand one origin's answer to another.
    if (app.config.get<{ enabled?: boolean }>('cors', {}).enabled) response.append('Vary', 'Origin')
    return next()
  }
}

const HSTS_MAX_AGE = 365 * 24 * 60 * 60

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')

const SHARED = {
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
  'object-src': "'none'",
}

/**
 * The admin UI: its own scripts only (the Vite build has no inline script); inline styles,
 * which MUI (emotion) injects at run time; images from anywhere (creatives and banner
 * previews live on tracking domains), never scripts.
 */
export const UI_POLICY = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': '* data: blob:',
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'media-src': "'self' blob:",
  'worker-src': "'self' blob:",
  ...SHARED,
})

/**
 * The API reference (Scalar, served from this server): nothing from any other host and no
 * inline script; Scalar's bundle compiles its JSON Schema checks at run time, hence eval
 * on this page only (it holds no session: its request client is hidden).
 */
export const API_REFERENCE_POLICY = policy({
  'default-src': "'self'",
  'script-src': "'self' 'unsafe-eval'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'worker-src': "'self' blob:",
  ...SHARED,
})

/** JSON and files: nothing to run, even if a browser opened one as a page. */
export const API_POLICY = policy({ 'default-src': "'none'", ...SHARED })

function policyFor(path: string) {
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return API_REFERENCE_POLICY
  if (path.startsWith('/api/') || path === '/health') return API_POLICY
  return UI_POLICY
}
