/*
 * The Node.js HTTP server Affix runs on (bin/server.ts, the Japa suite): plugins' root
 * routes answer first (kernel/root_routes.ts), and requests Node itself cannot read — a
 * request head over MAX_HEADER_BYTES, a malformed request line — get an error envelope
 * with a message instead of Node's bare status line. Those are answered before any header
 * is parsed, so in English only; a long address within the limit reaches the application,
 * which answers 414 in the caller's language (request_guard_middleware.ts). An address
 * AdonisJS cannot decode (invalid percent-encoding) is answered by `answerBadUrl`.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { withRootRoutes } from '#kernel/root_routes'

/** Largest request head (request line and headers) Node reads. */
export const MAX_HEADER_BYTES = 64 * 1024

export function createHttpServer(handle: (request: IncomingMessage, response: ServerResponse) => unknown) {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, withRootRoutes(handle))
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket))
  return server
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy()
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const status = tooLarge ? 431 : error.code === 'HPE_REQUEST_TIMEOUT' ? 408 : 400
  const message = tooLarge
    ? `The request address and headers are too large (at most ${MAX_HEADER_BYTES / 1024} KB).`
    : status === 408
      ? 'The request took too long to arrive.'
      : 'The request could not be read: it is not valid HTTP.'
  const body = JSON.stringify({
    success: false,
    data: null,
    error: { message },
    status,
    type: tooLarge ? 'too_large' : 'bad_request',
  })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body
  )
}

/**
 * AdonisJS's `onBadUrl` (config/app.ts): an address whose percent-encoding is not valid
 * UTF-8 (`/brands/%ED%A0%80`) never reaches the router; answer it with the envelope and a
 * translated message rather than a bare "Bad Request".
 */
export function answerBadUrl(request: IncomingMessage, response: ServerResponse) {
  void (async () => {
    const { default: i18nManager } = await import('@adonisjs/i18n/services/main')
    const wanted = String(request.headers['accept-language'] ?? '')
    const locale = (wanted && i18nManager.getSupportedLocaleFor(wanted)) || i18nManager.defaultLocale
    const message = i18nManager.locale(locale).t('request.invalid_url')
    const body = JSON.stringify({ success: false, data: null, error: { message }, status: 400, type: 'bad_request' })
    response.writeHead(400, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    response.end(body)
  })().catch(() => {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
    response.end('The request address is not valid.')
  })
}
