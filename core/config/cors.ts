import { defineConfig } from '@adonisjs/cors'

/**
 * CORS is off by default: the admin UI and the API reference are served by this server
 * (same origin), and integrations call the API from servers, with a key. CORS_ORIGINS
 * lists the browser origins allowed to call the API (comma-separated, e.g.
 * `https://partners.example.com,https://bi.example.com`); a token is sent as a header, so
 * no credentials (cookies) are ever allowed cross-origin.
 */
export function parseCorsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const origin of origins) {
    let parsed: URL | null = null
    try {
      parsed = new URL(origin)
    } catch {}
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin)
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path or slash)`)
  }
  return origins
}

/** The CORS settings for a CORS_ORIGINS value: off when it lists no origin. */
export function corsConfig(raw: string | undefined) {
  const origins = parseCorsOrigins(raw)
  return defineConfig({
    enabled: origins.length > 0,
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    headers: true,
    exposeHeaders: ['content-range', 'x-request-id', 'x-affix-version', 'x-export-id'],
    credentials: false,
    maxAge: 90,
  })
}

export default corsConfig(process.env.CORS_ORIGINS)
