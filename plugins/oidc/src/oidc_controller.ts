import type { HttpContext } from '@adonisjs/core/http'
import { AppError, ok, openPanelSession, panelsOfAddress, rateLimit as limit, validate } from '@affix/core/kernel'
import { oidcLoginValidator } from './validators.js'
import { finishSignIn, notConfigured, oidcSettings, startSignIn } from './oidc.js'

export default class OidcController {
  /**
   * GET /api/v1/auth/oidc/url: where to send the browser, and the state it will bring back.
   * Every login page asks: without a provider the answer is a plain "not configured", not an
   * error (a 404 here was logged in every visitor's console).
   */
  async url(ctx: HttpContext) {
    const settings = oidcSettings()
    if (!settings) return ok(ctx, { configured: false })
    await limit(ctx, `oidc:url:${ctx.request.ip()}`, 60, 60)
    return ok(ctx, { configured: true, ...(await startSignIn(settings)) })
  }

  /**
   * POST /api/v1/auth/oidc/login: trades the provider's code for a verified e-mail address
   * and opens the panel that address holds (in `organizationId` when given).
   */
  async login(ctx: HttpContext) {
    const settings = oidcSettings()
    if (!settings) throw notConfigured()
    const input = await validate(ctx, oidcLoginValidator, 'oidc')
    await limit(ctx, `oidc:login:${ctx.request.ip()}`, 60, 60)
    const identity = await finishSignIn(settings, input)
    // Only an address the provider vouches for opens a panel (a missing claim is not a yes).
    if (identity.emailVerified !== true) throw new AppError('oidc.email_unverified', 401, 'unauthorized')
    const panels = await panelsOfAddress(identity.email)
    const candidates = input.organizationId
      ? panels.filter((panel) => panel.organizationId === input.organizationId)
      : panels
    const chosen = candidates.find((panel) => panel.status === 'active') ?? candidates[0]
    if (!chosen) throw new AppError('oidc.unknown_email', 401, 'unknown_email')
    if (chosen.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')
    return ok(ctx, await openPanelSession(chosen.id, 'oidc'))
  }
}
