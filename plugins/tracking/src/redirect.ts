/*
 * GET /c/:campaignId and GET /s/:token — root routes (kernel/root_routes.ts): bare Node
 * handlers, no AdonisJS router, middleware, body parsing, session or i18n on this path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ClickAnswer, ClickRequest } from './engine/engine.js'
import { clientIp } from './engine/visitor.js'
import { clickEngine } from './engine/runtime.js'

const PAGES: Record<number, string> = {
  404: '<!doctype html><meta charset="utf-8"><title>Link not found</title><p>This link is not available.</p>\n',
  410: '<!doctype html><meta charset="utf-8"><title>Link no longer available</title><p>This offer is no longer available.</p>\n',
  503: '<!doctype html><meta charset="utf-8"><title>Try again</title><p>Please try again in a moment.</p>\n',
}

function send(response: ServerResponse, answer: ClickAnswer) {
  if (answer.status === 302) {
    response.writeHead(302, { location: answer.location!, 'cache-control': 'no-store', 'content-length': '0' })
    return response.end()
  }
  const body = PAGES[answer.status]
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
  }
  if (answer.status === 503) headers['retry-after'] = '1'
  response.writeHead(answer.status, headers)
  response.end(body)
}

function split(url: string, prefix: string): [string, URLSearchParams] {
  const mark = url.indexOf('?')
  const segment = mark === -1 ? url.slice(prefix.length) : url.slice(prefix.length, mark)
  return [
    segment.endsWith('/') ? segment.slice(0, -1) : segment,
    new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1)),
  ]
}

function clickRequest(request: IncomingMessage, campaignId: string, query: URLSearchParams): ClickRequest {
  const referrer = request.headers.referer
  return {
    campaignId,
    query,
    ip: clientIp(request),
    userAgent: request.headers['user-agent'],
    acceptLanguage: request.headers['accept-language'],
    referrer: typeof referrer === 'string' ? referrer : undefined,
  }
}

export async function clickRoute(request: IncomingMessage, response: ServerResponse) {
  // Link checkers' HEAD requests are not clicks.
  if (request.method === 'HEAD') return send(response, { status: 404 })
  const [campaignId, query] = split(request.url!, '/c/')
  send(response, await clickEngine().handle(clickRequest(request, campaignId, query)))
}

export async function shortLinkRoute(request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'HEAD') return send(response, { status: 404 })
  const [token, query] = split(request.url!, '/s/')
  const engine = clickEngine()
  const link = /^[A-Za-z0-9_-]{1,64}$/.test(token) ? await engine.shortLinks.get(token) : null
  if (!link) return send(response, { status: 404 })
  // The link's own parameters win over the query's (an affiliate's short link is its own).
  for (const [name, value] of Object.entries(link.params)) query.set(name, value)
  if (link.affiliateId !== null) query.set('pub_id', String(link.affiliateId))
  send(
    response,
    await engine.handle({ ...clickRequest(request, String(link.campaignId), query), affiliateId: link.affiliateId })
  )
}
