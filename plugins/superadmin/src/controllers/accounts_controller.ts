import type { HttpContext } from '@adonisjs/core/http'
import {
  accountDetail,
  accountPage,
  assertAccount,
  authorize,
  FEATURE_FLAGS,
  list,
  ok,
  parseList,
  platformFigures,
  rejectClearedFields,
  unprocessable,
  updateAccount,
  validate,
  verifyAccount,
} from '@affix/core/kernel'
import { ACCOUNT_LIST, updateAccountValidator } from '../validators.js'

/** The fields PATCH may change; none of them may be cleared (null). */
const UPDATABLE = [
  'billingState',
  'panelLocked',
  'onboardingPending',
  'network',
  'reportsInstall',
  'features',
  'timezone',
]

export default class AccountsController {
  /** GET /api/v1/superadmin/home: the figures of the superadmin home. */
  async home(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    return ok(ctx, await platformFigures())
  }

  /** GET /api/v1/superadmin/accounts: every organisation, paged. */
  async index(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    const { rows, page } = await accountPage(parseList(ctx, ACCOUNT_LIST), ACCOUNT_LIST)
    return list(ctx, 'accounts', rows, page)
  }

  /** GET /api/v1/superadmin/accounts/:id */
  async show(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'read')
    return ok(ctx, await accountDetail(ctx.params.id))
  }

  /**
   * POST /api/v1/superadmin/accounts/:id/verify: marks the organisation verified and
   * activates its owner's panel when it is still pending. Calling it again changes nothing.
   */
  async verify(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'manage')
    return ok(ctx, await verifyAccount(ctx.params.id, ctx.tenant.userId))
  }

  /** PATCH /api/v1/superadmin/accounts/:id: billing state, panel lock, onboarding, flags, time zone. */
  async update(ctx: HttpContext) {
    authorize(ctx, 'accounts', 'manage')
    // The account is looked up first: an unknown id is a 404 whatever the body says.
    await assertAccount(ctx.params.id)
    rejectClearedFields(ctx, UPDATABLE, 'superadmin')
    const rawFeatures = ctx.request.input('features')
    if (rawFeatures && typeof rawFeatures === 'object' && !Array.isArray(rawFeatures)) {
      const unknown = Object.keys(rawFeatures).find((flag) => !(FEATURE_FLAGS as readonly string[]).includes(flag))
      if (unknown)
        throw unprocessable('superadmin.unknown_feature', {
          flag: unknown,
          fields: [{ field: `features.${unknown}`, rule: 'in' }],
        })
    }
    const data = await validate(ctx, updateAccountValidator, 'superadmin')
    return ok(ctx, await updateAccount(ctx.params.id, data, ctx.tenant.userId))
  }
}
