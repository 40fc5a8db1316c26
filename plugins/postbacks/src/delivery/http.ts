/*
 * One outgoing HTTP request of a postback or webhook, with undici: connect, header and body
 * timeouts, no redirect followed (a 3xx is a failed attempt, logged), and the response read
 * up to a small cap then dropped, so a slow or huge answer never holds a worker.
 */
import { Agent, request } from 'undici'
import { assertLiteralAllowed, guardedLookup, OutboundRefused } from './outbound_guard.js'

export const RESPONSE_EXCERPT_BYTES = 1024
const READ_CAP_BYTES = 64 * 1024

export interface OutgoingRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string
}

export interface Outcome {
  ok: boolean
  statusCode: number | null
  error: string | null
  latencyMs: number
  excerpt: string | null
  headers: Record<string, string>
}

const timeoutMs = () => Math.max(500, Number(process.env.AFFIX_POSTBACK_TIMEOUT_MS) || 10_000)

let agent: Agent | undefined
function outboundAgent() {
  agent ??= new Agent({
    connect: { lookup: guardedLookup as any, timeout: 5_000 },
    connections: 256,
    keepAliveTimeout: 4_000,
  })
  return agent
}

export async function send(outgoing: OutgoingRequest): Promise<Outcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const failed = (error: string, statusCode: number | null = null, excerpt: string | null = null): Outcome => ({
    ok: false,
    statusCode,
    error,
    latencyMs: elapsed(),
    excerpt,
    headers: {},
  })
  let url: URL
  try {
    url = new URL(outgoing.url)
    if (!['http:', 'https:'].includes(url.protocol)) return failed('invalid URL')
    assertLiteralAllowed(url)
  } catch (error) {
    return failed(error instanceof OutboundRefused ? error.message : 'invalid URL')
  }
  const timeout = timeoutMs()
  const abort = AbortSignal.timeout(timeout * 2)
  try {
    const response = await request(url, {
      method: outgoing.method,
      headers: { 'user-agent': 'Affix-Postbacks/1', ...outgoing.headers },
      body: outgoing.body,
      dispatcher: outboundAgent(),
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: abort,
    })
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer)
        size += (chunk as Buffer).length
        if (size >= READ_CAP_BYTES) break
      }
    } finally {
      if (size >= READ_CAP_BYTES) response.body.destroy()
    }
    const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8')
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ])
    )
    const ok = response.statusCode >= 200 && response.statusCode < 300
    return {
      ok,
      statusCode: response.statusCode,
      error: ok
        ? null
        : response.statusCode >= 300 && response.statusCode < 400
          ? 'redirect not followed'
          : `HTTP ${response.statusCode}`,
      latencyMs: elapsed(),
      excerpt,
      headers,
    }
  } catch (error) {
    const failure = error as { code?: string; message?: string; cause?: { message?: string } }
    if (error instanceof OutboundRefused || failure.cause instanceof OutboundRefused)
      return failed((failure.cause as Error | undefined)?.message ?? failure.message ?? 'refused')
    const code = failure.code ?? (abort.aborted ? 'timeout' : 'error')
    return failed(`${code}: ${failure.message ?? 'request failed'}`.slice(0, 300))
  }
}
