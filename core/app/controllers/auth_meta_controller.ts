import type { HttpContext } from '@adonisjs/core/http'
import Organization from '#models/organization'
import { ok } from '#kernel/envelope'
import { notFound } from '#kernel/errors'
import { linkBaseUrl } from '#kernel/links'
import { validate } from '#kernel/validation'
import { brandingImagesOf, NO_BRANDING_IMAGES } from '#kernel/branding_images'
import { pluginEnabledFor } from '#kernel/public_routes'
import { metaQueryValidator } from '#validators/auth'
import { DEFAULT_PREFERENCES } from '#services/organization'

export default class AuthMetaController {
  /**
   * GET /api/v1/auth/meta?orgId= (public): what a white-label login or signup page shows.
   * Without orgId the platform's own defaults. The images come from the branding plugin
   * while it is enabled for the organisation (`brandingImagesOf`); otherwise they are null
   * and the page shows the default look. (Finding the organisation by the Host header
   * belongs with white-label domains, not yet built.)
   */
  async meta(ctx: HttpContext) {
    const { orgId } = await validate(ctx, metaQueryValidator, 'auth_meta', ctx.request.qs())
    if (!orgId) {
      return ok(ctx, {
        organizationId: null,
        name: 'Affix',
        themeColor: DEFAULT_PREFERENCES.themeColor,
        ...NO_BRANDING_IMAGES,
        affiliateSignupUrl: null,
      })
    }
    const org = await Organization.find(orgId)
    if (!org) throw notFound()
    // On the configured address (white-label domain or APP_URL), never the request's Host.
    const base = await linkBaseUrl(org.id)
    return ok(ctx, {
      organizationId: org.id,
      name: org.name,
      themeColor: org.preferences?.themeColor ?? DEFAULT_PREFERENCES.themeColor,
      ...(await brandingImagesOf(org.id)),
      // The signup form is the signup plugin's: no link while it is off for the organisation.
      affiliateSignupUrl: (await pluginEnabledFor(org.id, 'signup')) ? `${base}/register/affiliate/${org.id}` : null,
    })
  }
}
