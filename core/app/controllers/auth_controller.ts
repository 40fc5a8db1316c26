import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { AppError, forbidden, notFound } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { loginValidator } from '#validators/auth'
import { limit } from '#services/rate_limit'
import {
  inLoginAsSession,
  openSession,
  panelSummaries,
  sharesCredential,
  verifyPanelCredentials,
} from '#services/panels'
import { endLoginAs } from '#controllers/login_as_controller'

export default class AuthController {
  /** POST /api/v1/auth/login: email + password → bearer token (opaque, hashed at rest). */
  async login(ctx: HttpContext) {
    const { email, password, organizationId } = await validate(ctx, loginValidator)
    // Stricter limit on login: per address and per e-mail.
    await limit(ctx, `login:ip:${ctx.request.ip()}`, 100, 60)
    await limit(ctx, `login:email:${email.toLowerCase()}`, 10, 60)
    const user = await verifyPanelCredentials(email, password, { organizationId })
    if (user.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')
    return ok(ctx, await openSession(user))
  }

  /** GET /api/v1/auth/panels: the caller's panels in every organisation (same e-mail address). */
  async panels(ctx: HttpContext) {
    // Acting as someone (login-as) never reveals nor opens their panels elsewhere.
    if (ctx.tenant.apiKeyId || inLoginAsSession(ctx)) throw forbidden()
    const user = await User.findOrFail(ctx.tenant.userId)
    return ok(ctx, await panelSummaries(user))
  }

  /**
   * POST /api/v1/auth/panels/:id/switch: a token for another panel of the same person, one
   * that shares the current panel's credential (see panelSummaries): a panel of the same
   * address whose password someone else set is not the caller's to open.
   */
  async switchPanel(ctx: HttpContext) {
    if (ctx.tenant.apiKeyId || inLoginAsSession(ctx)) throw forbidden()
    const current = await User.findOrFail(ctx.tenant.userId)
    const target = await User.find(Number(ctx.params.id) || 0)
    if (
      !target ||
      target.email.toLowerCase() !== current.email.toLowerCase() ||
      target.status === 'deleted' ||
      !sharesCredential(target, current)
    )
      throw notFound()
    if (target.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')
    return ok(ctx, await openSession(target))
  }

  /**
   * POST /api/v1/auth/logout: revokes the token used for this request. An API key has no
   * session to end: answering "logged out" while it keeps working would mislead, so it is a
   * 422 saying keys are revoked on the API keys screen.
   */
  async logout(ctx: HttpContext) {
    if (ctx.tenant.apiKeyId) throw new AppError('auth.logout_api_key', 422, 'api_key_not_session')
    const user = ctx.auth.use('api').getUserOrFail()
    const token = user.currentAccessToken
    if (token) {
      await endLoginAs(token.name)
      await User.accessTokens.delete(user, token.identifier)
    }
    return ok(ctx, { loggedOut: true })
  }
}
