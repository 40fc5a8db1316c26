import { existsSync, statSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import { notFound } from '#kernel/errors'

// AFFIX_UI_DIST serves another build of the admin UI (parallel browser-test builds).
const UI_ROOT = resolve(process.env.AFFIX_UI_DIST ?? resolve(import.meta.dirname, '../../../admin-ui/dist'))
const SCALAR_BUNDLE = resolve(
  import.meta.dirname,
  '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js'
)
const OPENAPI_FILE = resolve(import.meta.dirname, '../../../openapi/openapi.json')

export const SCALAR_CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  proxyUrl: '',
}

/** Serves the built admin UI (a single-page app) and the API reference, all from local files. */
export default class UiController {
  async asset(ctx: HttpContext) {
    const requested = ctx.request.url().replace(/^\/+/, '')
    // Anything under /api that no route matched is an API 404, never the SPA.
    if (requested === 'api' || requested.startsWith('api/')) throw notFound()
    if (!existsSync(resolve(UI_ROOT, 'index.html'))) {
      ctx.response.status(503).header('Content-Type', 'text/plain; charset=utf-8')
      return 'The admin UI is not built yet: run `npm run build` (npm start does it for you).'
    }
    const candidate = resolve(UI_ROOT, decodeURIComponent(requested))
    const inside = candidate.startsWith(UI_ROOT + sep)
    if (inside && existsSync(candidate) && statSync(candidate).isFile()) {
      if (requested.startsWith('assets/')) ctx.response.header('Cache-Control', 'public, max-age=31536000, immutable')
      return ctx.response.download(candidate)
    }
    ctx.response.header('Cache-Control', 'no-cache')
    return ctx.response.download(resolve(UI_ROOT, 'index.html'))
  }

  /** The API reference page: no inline script (the CSP allows only this server's scripts). */
  async apiReference(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'text/html; charset=utf-8')
    return `<!doctype html><html><head><meta charset="utf-8"><title>Affix API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<div id="app"></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`
  }

  /**
   * Scalar's settings: everything offline — no web fonts, no request proxy, no telemetry —
   * and none of its hosted-service buttons ("Ask AI", the developer toolbar's "Deploy").
   */
  async apiReferenceInit(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'application/javascript; charset=utf-8')
    return `Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)})\n`
  }

  async scalarBundle(ctx: HttpContext) {
    ctx.response.header('Content-Type', 'application/javascript; charset=utf-8')
    return ctx.response.download(SCALAR_BUNDLE)
  }

  async openapiDocument(ctx: HttpContext) {
    if (!existsSync(OPENAPI_FILE)) throw notFound()
    ctx.response.header('Content-Type', 'application/json; charset=utf-8')
    return ctx.response.download(OPENAPI_FILE)
  }
}
