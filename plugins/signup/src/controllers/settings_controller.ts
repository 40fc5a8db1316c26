import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { authorize, ok, recordOrganizationTimeline, storeSignupSettings, validate } from '@affix/core/kernel'
import { signupSettingsValidator } from '../validators.js'
import { normalizeSignupSettings, signupSettingsErrors, signupSettingsOf } from '../signup_form.js'

export default class SettingsController {
  /** GET /api/v1/signup/settings: auto approve and the custom fields of the signup form. */
  async show(ctx: HttpContext) {
    authorize(ctx, 'settings', 'read')
    return ok(ctx, await signupSettingsOf(ctx.tenant.organizationId))
  }

  /** PUT /api/v1/signup/settings: replaces them as a whole; recorded on the timeline. */
  async update(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const data = await validate(ctx, signupSettingsValidator, 'signup')
    const problems = signupSettingsErrors(data, ctx.i18n)
    if (problems.length) throw new vineErrors.E_VALIDATION_ERROR(problems)
    const after = normalizeSignupSettings(data)
    const organizationId = ctx.tenant.organizationId
    await db.transaction(async (trx) => {
      const before = await signupSettingsOf(organizationId, trx)
      if (JSON.stringify(before) === JSON.stringify(after)) return
      await storeSignupSettings(trx, organizationId, after)
      await recordOrganizationTimeline(
        organizationId,
        ctx.tenant.userId,
        'organization.signup_settings_changed',
        { from: before, to: after },
        trx
      )
    })
    return ok(ctx, after)
  }
}
