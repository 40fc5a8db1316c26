/*
 * Who clicked: IP (X-Forwarded-For only from trusted proxies, as the API does), country
 * (geoip-lite's bundled database), device/os/browser (ua-parser-js, memoised per user agent:
 * real traffic repeats a few thousand agents) and the first Accept-Language tag.
 */
import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'
import { createRequire } from 'node:module'
import { UAParser } from 'ua-parser-js'

// geoip-lite ships no types; this is the one function used.
const geoip = createRequire(import.meta.url)('geoip-lite') as { lookup(ip: string): { country?: string } | null }

const trust = proxyAddr.compile(
  (process.env.TRUSTED_PROXIES ?? 'loopback')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
)

export function clientIp(request: IncomingMessage): string {
  if (!request.headers['x-forwarded-for']) return normaliseIp(request.socket.remoteAddress ?? '')
  return normaliseIp(proxyAddr(request as any, trust))
}

function normaliseIp(ip: string) {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip
}

export function countryOf(ip: string): string | undefined {
  try {
    return geoip.lookup(ip)?.country || undefined
  } catch {
    return undefined
  }
}

export interface Agent {
  device: string
  os?: string
  browser?: string
}
const agents = new Map<string, Agent>()
export function agentOf(userAgent: string): Agent {
  const known = agents.get(userAgent)
  if (known) return known
  const parsed = UAParser(userAgent)
  const agent: Agent = {
    device: parsed.device.type ?? 'desktop',
    os: parsed.os.name?.toLowerCase() || undefined,
    browser: parsed.browser.name?.toLowerCase() || undefined,
  }
  if (agents.size >= 20_000) agents.clear()
  agents.set(userAgent, agent)
  return agent
}

/** 'pt-BR,pt;q=0.9' → 'pt'. */
export function languageOf(acceptLanguage: string | undefined): string | undefined {
  if (!acceptLanguage) return undefined
  const match = /^\s*([a-zA-Z]{1,8})/.exec(acceptLanguage)
  return match ? match[1].toLowerCase() : undefined
}
