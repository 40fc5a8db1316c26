import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import {
  addSignedUpPanel,
  assertPluginEnabledFor,
  created,
  emitPanelSignup,
  existingIds,
  findPanel,
  mailPanels,
  notFound,
  ok,
  openPanelSession,
  organizationProfile,
  rateLimit,
  recordOrganizationTimeline,
  validate,
} from '@affix/core/kernel'
import { signupValidator } from '../validators.js'
import { checkAnswers, publicFields, signupSettingsOf, type FieldError, type SignupSettings } from '../signup_form.js'

type SignupKind = 'affiliate' | 'brand'
const SIGNUP_KINDS: readonly SignupKind[] = ['affiliate', 'brand']

/** A positive integer route parameter, or 404. */
function idParam(value: unknown) {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/** The signup kind, organisation and campaign named by the path; anything unknown is 404. */
async function resolve(ctx: HttpContext) {
  const kind = (ctx.params.type ?? 'affiliate') as SignupKind
  if (!SIGNUP_KINDS.includes(kind)) throw notFound()
  const org = await organizationProfile(idParam(ctx.params.orgId))
  if (!org) throw notFound()
  // Switched off for the organisation, its signup form does not exist.
  await assertPluginEnabledFor(org.id, 'signup')
  const campaignId = ctx.params.campaignId === undefined ? null : idParam(ctx.params.campaignId)
  // A campaign link names a campaign of this organisation that takes signups (active, public).
  if (campaignId !== null) {
    await assertPluginEnabledFor(org.id, 'campaigns').catch(() => {
      throw notFound('signup.campaign_closed')
    })
    const open = await existingIds(org.id, 'campaigns', [campaignId], { openToSignup: true })
    if (!open.has(campaignId)) throw notFound('signup.campaign_closed')
  }
  // Custom fields belong to the affiliate signup form; a brand signs up with the common fields only.
  const settings: SignupSettings =
    kind === 'affiliate' ? await signupSettingsOf(org.id) : { autoApprove: false, fields: [] }
  return { kind, org, campaignId, settings }
}

export default class SignupController {
  /**
   * GET /api/v1/signup/affiliate/:orgId(/:campaignId) and /signup/:type/:orgId: what the
   * signup page shows (organisation, theme colour, visible custom fields).
   */
  async form(ctx: HttpContext) {
    await rateLimit(ctx, `signup-form:ip:${ctx.request.ip()}`, 300, 60)
    const { kind, org, campaignId, settings } = await resolve(ctx)
    return ok(ctx, {
      type: kind,
      organizationId: org.id,
      organizationName: org.name,
      themeColor: org.preferences.themeColor,
      language: org.preferences.language,
      campaignId,
      fields: publicFields(settings),
    })
  }

  /**
   * POST on the same paths: a new affiliate (active when the organisation auto-approves,
   * else pending) or brand (always pending) panel, with the password the person typed (its
   * own: see addSignedUpPanel). An active panel is logged in at once.
   */
  async signup(ctx: HttpContext) {
    const { kind, org, campaignId, settings } = await resolve(ctx)
    // The form's own fields and the custom fields are reported together.
    const problems: FieldError[] = []
    let data: Awaited<ReturnType<typeof signupValidator.validate>> | null = null
    try {
      data = await validate(ctx, signupValidator, 'signup')
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
    await rateLimit(ctx, `signup:ip:${ctx.request.ip()}`, 60, 900)
    // Per address too: signups with one address cannot be repeated fast (mails go to it).
    await rateLimit(ctx, `signup:email:${email}`, 5, 900)
    const status = kind === 'affiliate' && settings.autoApprove ? 'active' : 'pending'
    const input = data
    // The language the person signed up in is theirs: their mails speak it.
    const locale = input.language ?? ctx.i18n.locale
    const userId = await db.transaction(async (trx) => {
      // A referral link naming anything but a live affiliate of this organisation is ignored.
      const referrer =
        kind === 'affiliate' && input.ref
          ? await findPanel(input.ref, { organizationId: org.id, roles: ['affiliate'], live: true, client: trx })
          : null
      const referredBy = referrer?.id ?? null
      const id = await addSignedUpPanel(trx, {
        organizationId: org.id,
        email,
        password: input.password,
        name: input.name,
        role: kind,
        status,
        locale,
        phone: input.phone ?? null,
        details: { answers, campaignId, ...(referredBy ? { referredBy } : {}) },
      })
      await recordOrganizationTimeline(
        org.id,
        id,
        `registration.${kind}_signed_up`,
        { userId: id, status, campaignId },
        trx
      )
      await emitPanelSignup({ trx, organizationId: org.id, userId: id, kind, referredBy, campaignId })
      return id
    })
    await sendSignupMails(org.id, userId, kind, status, { name: input.name, email })
    const session = status === 'active' ? await openPanelSession(userId, 'panel') : null
    return created(ctx, {
      id: userId,
      organizationId: org.id,
      role: kind,
      status,
      message: ctx.i18n.t(status === 'active' ? 'signup.signed_up_active' : 'signup.signed_up_pending', {
        organization: org.name,
      }),
      session,
    })
  }
}

/** The welcome mail to the new panel, and a note to every active admin of the organisation. */
async function sendSignupMails(
  organizationId: number,
  userId: number,
  kind: SignupKind,
  status: 'active' | 'pending',
  person: { name: string; email: string }
) {
  const welcome = kind === 'brand' ? 'brand_pending' : `affiliate_${status}`
  await mailPanels(
    organizationId,
    { userIds: [userId], statuses: [status] },
    {
      subject: `signup.welcome_${welcome}_subject`,
      body: `signup.welcome_${welcome}_body`,
      data: { name: person.name || person.email },
      path: '/login',
    }
  )
  await mailPanels(
    organizationId,
    { roles: ['admin'] },
    {
      subject: `signup.admin_${kind}_subject`,
      body: `signup.admin_${kind}_body_${status}`,
      data: { name: person.name || person.email, email: person.email },
    }
  )
}
