import type { HttpContext } from '@adonisjs/core/http'
import { ok } from '#kernel/envelope'
import { accountPayload } from '#services/account'

export default class AccountController {
  /** GET /api/v1/account: current user, organisation, preferences, abilities. */
  async show(ctx: HttpContext) {
    return ok(ctx, await accountPayload(ctx.tenant.user))
  }
}
