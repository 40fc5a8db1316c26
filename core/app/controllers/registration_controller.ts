import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import User from '#models/user'
import { created } from '#kernel/envelope'
import { validate } from '#kernel/validation'
import { registerOrganizationValidator } from '#validators/registration'
import { limit } from '#services/rate_limit'
import { recordTimeline } from '#services/timeline'
import { issueVerificationToken, lockEmail, sendVerificationMail } from '#services/registration'

export default class RegistrationController {
  /**
   * POST /api/v1/auth/register: a new organisation and its owner admin, pending until the
   * link mailed to the address is followed (24 hours, single use). The answer is the same for
   * every address: panels the person holds in other organisations are neither revealed nor
   * an obstacle (a person may hold panels in several organisations), and the new panel's
   * password is the one typed here, lent to no other panel.
   */
  async register(ctx: HttpContext) {
    const data = await validate(ctx, registerOrganizationValidator, 'registration')
    const email = data.email.toLowerCase()
    await limit(ctx, `register:ip:${ctx.request.ip()}`, 30, 900)
    await limit(ctx, `register:email:${email}`, 5, 900)
    const language = data.language ?? ctx.i18n.locale
    const { user, token } = await db.transaction(async (trx) => {
      await lockEmail(email, trx)
      const org = await Organization.create(
        {
          name: data.organizationName,
          type: 'parent',
          panelType: 'network',
          preferences: {
            language: language as 'en' | 'pt' | 'tr',
            ...(data.timezone ? { timezone: data.timezone } : {}),
          },
          onboardingPending: true,
        },
        { client: trx }
      )
      const admin = await User.create(
        {
          organizationId: org.id,
          email,
          password: data.password,
          name: data.name,
          role: 'admin',
          status: 'pending',
          owner: true,
          phone: data.phone ?? null,
          locale: data.language ?? null,
          emailVerifiedAt: null,
        },
        { client: trx }
      )
      await recordTimeline(org.id, admin.id, 'organization.registered', { name: org.name }, trx)
      return { user: admin, token: await issueVerificationToken(admin.id, 'account', trx) }
    })
    await sendVerificationMail(ctx, user, token, 'account', language)
    return created(ctx, { message: ctx.i18n.t('registration.registered', { email }) })
  }
}
