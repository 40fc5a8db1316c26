import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import {
  assertPluginEnabledFor,
  authorize,
  notFound,
  ok,
  recordOrganizationTimeline,
  storage,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import { logoKindValidator } from '../validators.js'
import {
  BRANDING_PLUGIN_ID,
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  brandingUrls,
  contentTypeOf,
  inspectLogo,
  logoKeys,
  logoUrl,
  logoVersion,
  replaceLogoFile,
  storeLogo,
  type LogoKind,
} from '../services/branding.js'

/** Served images: a versioned URL (?v=<hash>) never changes; a bare one is checked again soon. */
const CACHE_VERSIONED = 'public, max-age=31536000, immutable'
const CACHE_BARE = 'public, max-age=300'

export default class BrandingController {
  /** GET /api/v1/branding/logo: the image URLs of the organisation acted on. */
  async current(ctx: HttpContext) {
    authorize(ctx, 'account', 'read')
    const organizationId = ctx.tenant.organizationId
    return ok(ctx, brandingUrls(organizationId, await logoKeys(organizationId)))
  }

  /** POST /api/v1/branding/logo (multipart: file, kind): replaces one image. */
  async upload(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const { kind } = await validate(ctx, logoKindValidator, BRANDING_PLUGIN_ID)
    const file = ctx.request.file('file')
    if (!file || !file.tmpPath)
      throw unprocessable('upload.invalid_file', { fields: [{ field: 'file', rule: 'required' }] })
    if (file.size > LOGO_MAX_BYTES)
      throw unprocessable('branding.too_large', { fields: [{ field: 'file', rule: 'size' }] })
    const contents = await readFile(file.tmpPath)
    const format = await inspectLogo(contents, kind, ctx.i18n.t(`branding.kinds.${kind}`))
    const organizationId = ctx.tenant.organizationId
    const key = await storeLogo(organizationId, kind, contents, format.extension)
    const { keys } = await replaceLogoFile(organizationId, kind, key, (trx, previous) =>
      recordOrganizationTimeline(
        organizationId,
        ctx.tenant.userId,
        'organization.logo_changed',
        { kind, from: logoUrl(organizationId, kind, previous), to: logoUrl(organizationId, kind, key) },
        trx
      )
    )
    return ok(ctx, brandingUrls(organizationId, keys))
  }

  /** DELETE /api/v1/branding/logo?kind=…: removes one image (nothing to remove is fine). */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'settings', 'manage')
    const { kind } = await validate(ctx, logoKindValidator, BRANDING_PLUGIN_ID)
    const organizationId = ctx.tenant.organizationId
    const { keys } = await replaceLogoFile(organizationId, kind, null, (trx, previous) =>
      recordOrganizationTimeline(
        organizationId,
        ctx.tenant.userId,
        'organization.logo_removed',
        { kind, from: logoUrl(organizationId, kind, previous) },
        trx
      )
    )
    return ok(ctx, brandingUrls(organizationId, keys))
  }

  /**
   * GET /api/v1/branding/public/:id/:kind (no login): the image itself. Found by the
   * organisation's id rather than an unguessable key: an organisation's logos are public by
   * design (its login page shows them to anyone). 404 when there is none, or while the plugin
   * is off for that organisation.
   */
  async show(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    const kind = ctx.params.kind as LogoKind
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647 || !LOGO_KINDS.includes(kind)) throw notFound()
    const key = (await logoKeys(id))[kind]
    if (!key) throw notFound()
    await assertPluginEnabledFor(id, BRANDING_PLUGIN_ID)
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
}
