import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'
import { answerBadUrl } from '#services/http_server'

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
  // An address that cannot be decoded: the envelope with a message (services/http_server.ts).
  onBadUrl: answerBadUrl,
  // X-Forwarded-For is believed only from these proxies (default: loopback, i.e. a reverse
  // proxy on the same host); anyone else could fake their IP past allowed-IP lists and
  // per-IP rate limits. TRUSTED_PROXIES: comma-separated addresses, CIDRs or
  // proxy-addr names (loopback, linklocal, uniquelocal).
  trustProxy: proxyAddr.compile(
    (process.env.TRUSTED_PROXIES ?? 'loopback')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
  ),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
