import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'


export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
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
