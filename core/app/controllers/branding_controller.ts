import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import Organization from '#models/organization'
import { ok } from '#kernel/envelope'
import { notFound, unprocessable } from '#kernel/errors'
import { authorize } from '#kernel/tenancy'
import { linkBaseUrl } from '#kernel/links'
import { validate } from '#kernel/validation'
import { logoKindValidator, metaQueryValidator } from '#validators/branding'
import {
  LOGO_COLUMNS,
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  brandingUrls,
  contentTypeOf,
  inspectLogo,
  logoUrl,
  logoVersion,
  replaceLogoFile,
  storeLogo,
  type LogoKind,
} from '#services/branding'
import { storage } from '#services/storage'
import { recordTimeline } from '#services/timeline'
import { DEFAULT_PREFERENCES } from '#services/organization'

/** Served images: a versioned URL (?v=<hash>) never changes; a bare one is checked again soon. */
const CACHE_VERSIONED = 'public, max-age=31536000, immutable'
const CACHE_BARE = 'public, max-age=300'

export default class BrandingController {
  /** GET /api/v1/organization/logo: the image URLs of the organisation acted on. */
  async current(ctx: HttpContext) {
    authorize(ctx, 'account', 'read')
    return ok(ctx, brandingUrls(await Organization.findOrFail(ctx.tenant.organizationId)))
  }

  /** POST /api/v1/organization/logo (multipart: file, kind): replaces one image. */
  async upload(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const { kind } = await validate(ctx, logoKindValidator, 'branding')
    const file = ctx.request.file('file')
    if (!file || !file.tmpPath)
      throw unprocessable('upload.invalid_file', { fields: [{ field: 'file', rule: 'required' }] })
    if (file.size > LOGO_MAX_BYTES)
      throw unprocessable('branding.too_large', { fields: [{ field: 'file', rule: 'size' }] })
    const contents = await readFile(file.tmpPath)
    const format = await inspectLogo(contents, kind, ctx.i18n.t(`branding.kinds.${kind}`))
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    const before = org[LOGO_COLUMNS[kind]]
    const key = await storeLogo(org.id, kind, contents, format.extension)
    if (key !== before) {
      await replaceLogoFile(org, kind, key, (trx) =>
        recordTimeline(
          org.id,
          ctx.tenant.userId,
          'organization.logo_changed',
          { kind, from: logoUrl(org, kind, before), to: logoUrl(org, kind, key) },
          trx
        )
      )
    }
    return ok(ctx, brandingUrls(org))
  }

  /** DELETE /api/v1/organization/logo?kind=…: removes one image (nothing to remove is fine). */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const { kind } = await validate(ctx, logoKindValidator, 'branding')
    const org = await Organization.findOrFail(ctx.tenant.organizationId)
    const before = org[LOGO_COLUMNS[kind]]
    if (before) {
      await replaceLogoFile(org, kind, null, (trx) =>
        recordTimeline(
          org.id,
          ctx.tenant.userId,
          'organization.logo_removed',
          { kind, from: logoUrl(org, kind, before) },
          trx
        )
      )
    }
    return ok(ctx, brandingUrls(org))
  }

  /** GET /api/v1/organization/:id/logo/:kind (public): the image itself. */
  async show(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    const kind = ctx.params.kind as LogoKind
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647 || !LOGO_KINDS.includes(kind)) throw notFound()
    const org = await Organization.find(id)
    const key = org?.[LOGO_COLUMNS[kind]]
    if (!key) throw notFound()
    const version = logoVersion(key)
    const etag = `"${version}"`
    const { response, request } = ctx
    response.header('Cache-Control', request.qs().v === version ? CACHE_VERSIONED : CACHE_BARE)
    response.header('ETag', etag)
    response.header('X-Content-Type-Options', 'nosniff')
    // An uploaded SVG opened on its own must not run scripts or load anything.
    response.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    if (request.header('if-none-match') === etag) return response.status(304).send('')
    const file = await storage().stream(key)
    if (!file) throw notFound()
    response.header('Content-Type', contentTypeOf(key))
    response.header('Content-Length', String(file.size))
    return response.stream(file.stream)
  }

  /**
   * GET /api/v1/auth/meta?orgId= (public): what a white-label login or signup page shows.
   * Without orgId the platform's own defaults. (Finding the organisation by the Host
   * header belongs with white-label domains, not yet built.)
   */
  async meta(ctx: HttpContext) {
    const { orgId } = await validate(ctx, metaQueryValidator, 'branding', ctx.request.qs())
    if (!orgId) {
      return ok(ctx, {
        organizationId: null,
        name: 'Affix',
        themeColor: DEFAULT_PREFERENCES.themeColor,
        logoUrl: null,
        loginLogoUrl: null,
        favIconUrl: null,
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
      ...brandingUrls(org),
      affiliateSignupUrl: `${base}/register/affiliate/${org.id}`,
    })
  }
}
