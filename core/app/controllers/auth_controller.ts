import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { ok } from '#kernel/envelope'
import { AppError } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { loginValidator } from '#validators/auth'
import { limit } from '#services/rate_limit'
import { accountPayload } from '#services/account'
import { endLoginAs } from '#controllers/login_as_controller'

export default class AuthController {
  /** POST /api/v1/auth/login: email + password → bearer token (opaque, hashed at rest). */
  async login(ctx: HttpContext) {
    const { email, password } = await validate(ctx, loginValidator)
    // Stricter limit on login: per address and per e-mail.
    await limit(ctx, `login:ip:${ctx.request.ip()}`, 100, 60)
    await limit(ctx, `login:email:${email.toLowerCase()}`, 10, 60)
    const user = await User.verifyCredentials(email.toLowerCase(), password)
    if (user.status !== 'active') throw new AppError('auth.account_inactive', 403, 'account_inactive')
    const token = await User.accessTokens.create(user, ['*'], { name: 'panel' })
    return ok(ctx, {
      token: token.value!.release(),
      type: 'bearer',
      expiresAt: token.expiresAt?.toISOString() ?? null,
      ...(await accountPayload(user)),
    })
  }

  /** POST /api/v1/auth/logout: revokes the token used for this request. */
  async logout(ctx: HttpContext) {
    // An API key has no session to end; it is revoked through /api-keys instead.
    if (!ctx.tenant.apiKeyId) {
      const user = ctx.auth.use('api').getUserOrFail()
      const token = user.currentAccessToken
      if (token) {
        await endLoginAs(token.name)
        await User.accessTokens.delete(user, token.identifier)
      }
    }
    return ok(ctx, { loggedOut: true })
  }
}
