/*
 * Root routes (PluginDefinition.rootRoutes): bare Node.js handlers for public paths outside
 * /api (the click redirect `/c/:id`, short links `/s/:token`). They are dispatched before
 * AdonisJS handles the request, so the hottest path of the product pays for no router,
 * middleware, body parser, session, auth or i18n. A handler owns the whole response.
 *
 * The HTTP server is created through `withRootRoutes` (bin/server.ts, tests/bootstrap.ts);
 * start/routes/plugin_root.ts fills the table from the installed plugins at boot.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

export type RootHandler = (request: IncomingMessage, response: ServerResponse) => unknown

export interface RootRoute {
  /**
   * 'GET' routes get GET and HEAD; 'GET_POST' routes (inbound server-to-server calls such as
   * the operator postback) get POST too. Other methods fall through to AdonisJS.
   */
  method: 'GET' | 'GET_POST'
  /** Path prefix including both slashes, e.g. '/c/'. Matched literally at the start of the path. */
  prefix: string
  handler: RootHandler
}

const routes: Array<RootRoute & { pluginId: string }> = []

/** Boot: register the plugins' root routes (a prefix may be claimed once). */
export function installRootRoutes(plugins: ReadonlyArray<{ id: string; rootRoutes?: RootRoute[] }>) {
  routes.length = 0
  for (const plugin of plugins) {
    for (const route of plugin.rootRoutes ?? []) {
      if (!/^\/[a-z0-9-]+\/$/.test(route.prefix) || route.prefix === '/api/')
        throw new Error(
          `Root route prefix "${route.prefix}" of plugin "${plugin.id}" must look like /x/ and not be /api/`
        )
      if (routes.some((existing) => existing.prefix === route.prefix))
        throw new Error(`Root route prefix "${route.prefix}" is claimed twice`)
      routes.push({ ...route, pluginId: plugin.id })
    }
  }
}

/** Wraps AdonisJS' request handler so root routes answer first. */
export function withRootRoutes(handle: (request: IncomingMessage, response: ServerResponse) => unknown) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url
    const method = request.method
    const readOnly = method === 'GET' || method === 'HEAD'
    if (url && routes.length && (readOnly || method === 'POST')) {
      for (const route of routes) {
        if (url.startsWith(route.prefix) && (readOnly || route.method === 'GET_POST')) {
          // As on every AdonisJS answer (security_headers_middleware.ts); the handler owns the rest.
          response.setHeader('X-Content-Type-Options', 'nosniff')
          try {
            const pending = route.handler(request, response)
            if (pending instanceof Promise) pending.catch((error) => failSafe(response, error))
          } catch (error) {
            failSafe(response, error)
          }
          return
        }
      }
    }
    return handle(request, response)
  }
}

function failSafe(response: ServerResponse, error: unknown) {
  // Loaded on use: bin/server.ts imports this module before the application (and its logger) exists.
  import('@adonisjs/core/services/logger')
    .then(({ default: logger }) => logger.error({ err: error, url: response.req?.url }, 'root route failed'))
    .catch(() => {})
  if (response.headersSent) return response.destroy()
  response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  response.end('Internal error')
}
