/*
 * The public base URL of links that leave a request: links in mails (password reset,
 * invitation, address verification, welcome), signup and referral links, and the fallback
 * origin of tracking links. It is built only from configuration — the organisation's
 * white-label domain (a plugin's `panelBaseUrl`, the domains plugin's), else APP_URL, else
 * the address this server listens on (HOST/PORT, for development) — and never from the
 * request's Host or X-Forwarded-Host: whoever sends the request chooses those, and a reset
 * link pointing at their host would hand them the code.
 */

import { installedPlugins } from './installed_plugins.js'
import { pluginEnabledFor } from './public_routes.js'

const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]'])

/** APP_URL, else http://HOST:PORT (localhost when listening on every address). No trailing slash. */
export function configuredBaseUrl(): string {
  const configured = process.env.APP_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  const host = process.env.HOST?.trim() ?? ''
  const port = process.env.PORT?.trim() || '3333'
  const shown = ANY_ADDRESS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return `http://${shown}:${port}`
}

/**
 * The base URL of links for an organisation's people: its white-label domain when an
 * enabled plugin provides one, else `configuredBaseUrl()`. Without an organisation (or when
 * looking it up fails) the configured one.
 */
export async function linkBaseUrl(organizationId?: number | null): Promise<string> {
  if (organizationId) {
    for (const plugin of installedPlugins().ordered) {
      if (!plugin.panelBaseUrl || !(await pluginEnabledFor(organizationId, plugin.id))) continue
      const url = await plugin.panelBaseUrl(organizationId)
      if (url) return url.replace(/\/+$/, '')
    }
  }
  return configuredBaseUrl()
}
