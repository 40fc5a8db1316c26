import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import Organization from '#models/organization'
import User from '#models/user'
import { created, ok } from '#kernel/envelope'
import { notFound } from '#kernel/errors'
import { validate } from '#kernel/validation'
import { existingIds } from '#kernel/lookups'
import { assertPluginEnabledFor } from '#kernel/public_routes'
import { registerOrganizationValidator, signupValidator } from '#validators/registration'
import { limit } from '#services/rate_limit'
import { openSession } from '#services/panels'
import { recordTimeline } from '#services/timeline'
import { DEFAULT_PREFERENCES } from '#services/organization'
import {
  checkAnswers,
  publicFields,
  signupSettingsOf,
  type FieldError,
  type SignupSettings,
} from '#services/signup_form'
import {
  createSignupPanel,
  issueVerificationToken,
  lockEmail,
  sendSignupMails,
  sendVerificationMail,
  type SignupKind,
} from '#services/registration'

const SIGNUP_KINDS: readonly SignupKind[] = ['affiliate', 'brand']

/** A positive integer route parameter, or 404. */
function idParam(value: unknown) {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

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

  /**
   * GET /api/v1/auth/register/affiliate/:orgId(/:campaignId) and /register/:type/:orgId:
   * what the signup page shows (organisation, theme colour, visible custom fields).
   */
  async form(ctx: HttpContext) {
    await limit(ctx, `signup-form:ip:${ctx.request.ip()}`, 300, 60)
    const { kind, org, campaignId, settings } = await this.resolve(ctx)
    const preferences = { ...DEFAULT_PREFERENCES, ...org.preferences }
    return ok(ctx, {
      type: kind,
      organizationId: org.id,
      organizationName: org.name,
      themeColor: preferences.themeColor,
      language: preferences.language,
      campaignId,
      fields: publicFields(settings),
    })
  }

  /**
   * POST on the same paths: a new affiliate (active when the organisation auto-approves,
   * else pending) or brand (always pending) panel. An active panel is logged in at once.
   */
  async signup(ctx: HttpContext) {
    const { kind, org, campaignId, settings } = await this.resolve(ctx)
    // The form's own fields and the custom fields are reported together.
    const problems: FieldError[] = []
    let data: Awaited<ReturnType<typeof signupValidator.validate>> | null = null
    try {
      data = await validate(ctx, signupValidator, 'registration')
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      problems.push(...(error.messages as FieldError[]))
    }
    const given = ctx.request.input('fields')
    let answers: Record<string, string> = {}
    if (given === undefined || given === null || (typeof given === 'object' && !Array.isArray(given))) {
      const checked = checkAnswers(settings.fields, given ?? {}, ctx.i18n)
      problems.push(...checked.errors)
      answers = checked.answers
    }
    if (problems.length || !data) throw new vineErrors.E_VALIDATION_ERROR(problems)

    const email = data.email.toLowerCase()
    await limit(ctx, `signup:ip:${ctx.request.ip()}`, 60, 900)
    // Per address too: signups with one address cannot be repeated fast (mails go to it).
    await limit(ctx, `signup:email:${email}`, 5, 900)
    const status = kind === 'affiliate' && settings.autoApprove ? 'active' : 'pending'
    const input = data
    const user = await db.transaction((trx) =>
      createSignupPanel(trx, org, kind, status, input, {
        answers,
        campaignId,
        ref: kind === 'affiliate' ? (input.ref ?? null) : null,
      })
    )
    await sendSignupMails(org, user, kind, data.language ?? ctx.i18n.locale)
    const session = user.status === 'active' ? await openSession(user) : null
    return created(ctx, {
      id: user.id,
      organizationId: org.id,
      role: user.role,
      status: user.status,
      message: ctx.i18n.t(
        user.status === 'active' ? 'registration.signed_up_active' : 'registration.signed_up_pending',
        { organization: org.name }
      ),
      session,
    })
  }

  /** The signup kind, organisation and campaign named by the path; anything unknown is 404. */
  private async resolve(ctx: HttpContext) {
    const kind = (ctx.params.type ?? 'affiliate') as SignupKind
    if (!SIGNUP_KINDS.includes(kind)) throw notFound()
    const org = await Organization.find(idParam(ctx.params.orgId))
    if (!org) throw notFound()
    const campaignId = ctx.params.campaignId === undefined ? null : idParam(ctx.params.campaignId)
    // A campaign link names a campaign of this organisation that takes signups (active, public).
    if (campaignId !== null) {
      await assertPluginEnabledFor(org.id, 'campaigns').catch(() => {
        throw notFound('registration.campaign_closed')
      })
      const open = await existingIds(org.id, 'campaigns', [campaignId], { openToSignup: true })
      if (!open.has(campaignId)) throw notFound('registration.campaign_closed')
    }
    // Custom fields belong to the affiliate signup form; a brand signs up with the common fields only.
    const settings: SignupSettings =
      kind === 'affiliate' ? await signupSettingsOf(org.id) : { autoApprove: false, fields: [] }
    return { kind, org, campaignId, settings }
  }
}
