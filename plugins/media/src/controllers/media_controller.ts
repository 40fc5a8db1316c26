import type { HttpContext } from '@adonisjs/core/http'
import { trackingBaseUrlFor } from '@affix/domains/contracts'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  AppError,
  authorize,
  configuredBaseUrl,
  created,
  existingIds,
  findScoped,
  forbidden,
  list,
  missingIds,
  notFound,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  storage,
  teamScopeOf,
  tenantQuery,
  unprocessable,
  validate,
} from '@affix/core/kernel'
import Media, { type MediaType } from '../models/media.js'
import { MEDIA_LIST } from '../lists.js'
import {
  bannerCodeQueryValidator,
  createMediaValidator,
  mediaStatusValidator,
  updateMediaValidator,
} from '../validators.js'
import {
  HTML_MAX_BYTES,
  LINK_TYPES,
  inspectUpload,
  isHtmlMime,
  isImageMime,
  isRuleError,
  mediaFileKey,
  typeRuleErrors,
  type InspectedFile,
  type RuleError,
} from '../services/media_files.js'
import { buildBannerCode } from '../services/banner_code.js'
import { publicCreativeUrl } from '../services/public_creatives.js'

/** Affiliates read media, but only what is active and not hidden (spec §6). */
const isAffiliate = (ctx: HttpContext) => ctx.tenant.role === 'affiliate'

function liveMedia(ctx: HttpContext) {
  const query = scoped(ctx, Media).whereNull('deleted_at')
  if (isAffiliate(ctx)) query.where('status', 'active').whereNot('type', 'hidden')
  return query
}

async function findMedia(ctx: HttpContext) {
  const media = await findScoped(ctx, Media, ctx.params.id)
  if (media.deletedAt || (isAffiliate(ctx) && !media.visibleToAffiliates)) throw notFound()
  return media
}

const filePath = (media: Media) => `/api/v1/media/media/${media.id}/file`
/** Relative without APP_URL, like the organisation logos (same origin as the panels). */
const fileUrl = (media: Media) =>
  media.fileKey ? `${(process.env.APP_URL ?? '').replace(/\/+$/, '')}${filePath(media)}` : null
/** The public link is absolute (pasted on other sites), on the configured address, never the request's Host. */
const serialize = (media: Media) => media.serializeWith(fileUrl(media), publicCreativeUrl(configuredBaseUrl(), media))

async function loadCampaignIds(rows: Media[]) {
  if (!rows.length) return rows
  // tenancy: rows are media read with their organisation by the caller
  const links = await db
    .from('media_campaigns')
    .whereIn(
      'media_id',
      rows.map((row) => row.id)
    )
    .orderBy('campaign_id')
    .select('media_id', 'campaign_id')
  for (const row of rows)
    row.campaignIds = links.filter((link) => link.media_id === row.id).map((link) => Number(link.campaign_id))
  return rows
}

/**
 * Multipart sends every field as text: a repeated field is a list, macros come as JSON
 * objects. JSON bodies pass through unchanged.
 */
function normalizedBody(ctx: HttpContext) {
  const body = { ...ctx.request.body() }
  if (!ctx.request.is(['multipart/form-data'])) return body
  const parse = (value: unknown) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }
  if (body.campaignIds !== undefined && body.campaignIds !== null) body.campaignIds = [].concat(body.campaignIds)
  if (body.macros !== undefined && body.macros !== null) {
    // One field holding the whole JSON list, or one field per macro.
    const parsed = Array.isArray(body.macros) ? body.macros.map(parse) : parse(body.macros)
    body.macros = Array.isArray(parsed) ? parsed : [parsed]
  }
  return body
}

/** One 422 naming every broken rule, each field with its own translated message. */
function ruleFailure(ctx: HttpContext, errors: RuleError[]) {
  const fields = errors.map((error) => ({
    field: error.field,
    rule: error.rule,
    message: ctx.i18n.t(`media.errors.${error.key}`, error.data ?? {}),
  }))
  return unprocessable(`media.errors.${errors[0].key}`, { ...(errors[0].data ?? {}), fields })
}

async function readUpload(type: MediaType, file: MultipartFile): Promise<InspectedFile | RuleError> {
  if (!file.tmpPath || file.hasErrors) return { field: 'file', rule: 'file', key: 'invalid_file' }
  return inspectUpload(type, file.clientName, await readFile(file.tmpPath))
}

async function campaignErrors(
  ctx: HttpContext,
  ids: number[] | undefined,
  forAffiliate?: number
): Promise<RuleError[]> {
  if (!ids?.length) return []
  const missing = await missingIds(ctx.tenant.organizationId, 'campaigns', ids, { forAffiliate })
  return missing.length ? [{ field: 'campaignIds', rule: 'exists', key: 'unknown_campaign' }] : []
}

/** Stores the new file, runs the DB work, and removes whichever file ends up unused. */
async function withStoredFile<T>(
  organizationId: number,
  upload: InspectedFile | null,
  oldKey: string | null,
  dropOld: boolean,
  work: (newKey: string | null) => Promise<T>
) {
  let newKey: string | null = null
  if (upload) {
    newKey = mediaFileKey(organizationId, upload.extension)
    try {
      await storage().put(newKey, upload.contents)
    } catch {
      throw new AppError(
        'media.errors.upload_failed',
        502,
        'upload_failed',
        {},
        { fields: [{ field: 'file', rule: 'storage' }] }
      )
    }
  }
  let result: T
  try {
    result = await work(newKey)
  } catch (error) {
    if (newKey)
      await storage()
        .delete(newKey)
        .catch(() => undefined)
    throw error
  }
  if (oldKey && (newKey || dropOld) && oldKey !== newKey)
    await storage()
      .delete(oldKey)
      .catch(() => undefined)
  return result
}

function applyFile(media: Media, upload: InspectedFile | null, key: string | null) {
  if (!upload || !key) return
  media.fileKey = key
  media.fileName = upload.name
  media.fileMime = upload.mime
  media.fileSize = upload.contents.length
  media.width = upload.width
  media.height = upload.height
}

function clearFile(media: Media) {
  media.fileKey = null
  media.fileName = null
  media.fileMime = null
  media.fileSize = null
  media.width = null
  media.height = null
}

async function replaceCampaigns(trx: any, media: Media, ids: number[]) {
  await tenantQuery(media.organizationId, trx).from('media_campaigns').where('media_id', media.id).delete()
  if (ids.length) {
    await trx
      .table('media_campaigns')
      .multiInsert(ids.map((id) => ({ media_id: media.id, campaign_id: id, organization_id: media.organizationId })))
  }
}

export default class MediaController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'media', 'read')
    const parsed = parseList(ctx, MEDIA_LIST)
    const query = liveMedia(ctx)
    const campaignId = parsed.filters.campaignId
    delete parsed.filters.campaignId
    if (campaignId !== undefined) {
      const ids = ([] as unknown[]).concat(campaignId).map(Number)
      query.whereIn(
        'id',
        db
          .from('media_campaigns')
          .whereIn('campaign_id', ids)
          .where('organization_id', ctx.tenant.organizationId)
          .select('media_id')
      )
    }
    const page = await paginate(query, parsed, MEDIA_LIST)
    await loadCampaignIds(page.rows)
    return list(
      ctx,
      'media',
      page.rows.map((row) => serialize(row)),
      page
    )
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'media', 'read')
    const [media] = await loadCampaignIds([await findMedia(ctx)])
    return ok(ctx, serialize(media))
  }

  /** POST /media: JSON, or multipart with an optional `file`. */
  async store(ctx: HttpContext) {
    authorize(ctx, 'media', 'manage')
    const data = await validate(ctx, createMediaValidator, 'media', normalizedBody(ctx))
    const file = ctx.request.file('file')
    const upload = file ? await readUpload(data.type, file) : null
    const errors: RuleError[] = []
    if (upload && isRuleError(upload)) errors.push(upload)
    const inspected = upload && !isRuleError(upload) ? upload : null
    if (!upload || inspected) errors.push(...typeRuleErrors(data.type, data.link, inspected?.mime))
    errors.push(...(await campaignErrors(ctx, data.campaignIds)))
    if (errors.length) throw ruleFailure(ctx, errors)

    const media = await withStoredFile(ctx.tenant.organizationId, inspected, null, false, (key) =>
      db.transaction(async (trx) => {
        const row = new Media()
        row.useTransaction(trx)
        row.merge({
          organizationId: ctx.tenant.organizationId,
          title: data.title,
          type: data.type,
          status: data.status ?? 'active',
          link: data.link ?? null,
          description: data.description ?? null,
          macros: data.macros ?? [],
          createdBy: ctx.tenant.userId,
        })
        applyFile(row, inspected, key)
        await row.save()
        await replaceCampaigns(trx, row, data.campaignIds ?? [])
        row.campaignIds = [...(data.campaignIds ?? [])].sort((a, b) => a - b)
        return row
      })
    )
    return created(ctx, serialize(media))
  }

  /** PATCH/PUT /media/:id: JSON, or multipart with an optional new `file`. */
  async update(ctx: HttpContext) {
    authorize(ctx, 'media', 'manage')
    const media = await findMedia(ctx)
    rejectClearedFields(ctx, ['title', 'type'], 'media')
    const data = await validate(ctx, updateMediaValidator, 'media', normalizedBody(ctx))
    const type = data.type ?? media.type
    const link = data.link !== undefined ? data.link : media.link
    const file = ctx.request.file('file')
    return ok(ctx, serialize(await this.save(ctx, media, type, link, file, data)))
  }

  /** POST /media/:id/file: replaces the file; the old one is removed once the change is saved. */
  async replaceFile(ctx: HttpContext) {
    authorize(ctx, 'media', 'manage')
    const media = await findMedia(ctx)
    const file = ctx.request.file('file')
    if (!file) throw ruleFailure(ctx, [{ field: 'file', rule: 'required', key: 'invalid_file' }])
    return ok(ctx, serialize(await this.save(ctx, media, media.type, media.link, file, {})))
  }

  private async save(
    ctx: HttpContext,
    media: Media,
    type: MediaType,
    link: string | null | undefined,
    file: MultipartFile | null,
    data: {
      title?: string
      type?: MediaType
      status?: 'active' | 'inactive'
      link?: string | null
      description?: string | null
      campaignIds?: number[]
      macros?: Array<{ macro: string; value: string }>
    }
  ) {
    const upload = file ? await readUpload(type, file) : null
    const errors: RuleError[] = []
    if (upload && isRuleError(upload)) errors.push(upload)
    const inspected = upload && !isRuleError(upload) ? upload : null
    // A link-only type keeps no file.
    const dropOld = LINK_TYPES.includes(type) && Boolean(media.fileKey)
    const keptMime = dropOld ? null : media.fileMime
    if (!upload || inspected) errors.push(...typeRuleErrors(type, link, inspected?.mime ?? keptMime))
    errors.push(...(await campaignErrors(ctx, data.campaignIds)))
    if (errors.length) throw ruleFailure(ctx, errors)

    const oldKey = media.fileKey
    await withStoredFile(ctx.tenant.organizationId, inspected, oldKey, dropOld, (key) =>
      db.transaction(async (trx) => {
        media.useTransaction(trx)
        const { campaignIds, ...fields } = data
        media.merge({ ...fields, type })
        if (dropOld) clearFile(media)
        applyFile(media, inspected, key)
        // A file upload alone changes no column of its own name: touch the row anyway.
        media.updatedAt = DateTime.now()
        await media.save()
        if (campaignIds) await replaceCampaigns(trx, media, campaignIds)
      })
    )
    const [reloaded] = await loadCampaignIds([media])
    return reloaded
  }

  /** Soft delete: the file stays in storage so a deleted creative can still be audited. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'media', 'manage')
    const media = await findMedia(ctx)
    media.deletedAt = DateTime.now()
    await media.save()
    return ok(ctx, { id: media.id })
  }

  /** Bulk status change; all or nothing, and only on the caller's own media. */
  async setStatus(ctx: HttpContext) {
    authorize(ctx, 'media', 'manage')
    const { ids, status } = await validate(ctx, mediaStatusValidator, 'media')
    const found = await liveMedia(ctx).whereIn('id', ids).select('id')
    if (found.length !== ids.length)
      throw unprocessable('media.errors.unknown_ids', { fields: [{ field: 'ids', rule: 'exists' }] })
    const updated = await liveMedia(ctx).whereIn('id', ids).update({ status, updated_at: DateTime.now().toSQL() })
    return ok(ctx, { updated: Number(Array.isArray(updated) ? updated[0] : updated), ids })
  }

  /**
   * GET /media/:id/file: the stored file, to users of the owning organisation (affiliates:
   * active, non-hidden media only). Served with nosniff and a sandboxing CSP so an uploaded
   * HTML ad cannot run scripts on our origin.
   */
  async file(ctx: HttpContext) {
    authorize(ctx, 'media', 'read')
    const media = await findMedia(ctx)
    if (!media.fileKey) throw notFound()
    const stored = await storage().stream(media.fileKey)
    if (!stored) throw notFound()
    const { response } = ctx
    const mime = media.fileMime ?? 'application/octet-stream'
    const inline = isImageMime(mime) || isHtmlMime(mime)
    const name = media.fileName ?? 'file'
    const asciiName = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
    response.header('Content-Type', isHtmlMime(mime) ? 'text/html; charset=utf-8' : mime)
    response.header('Content-Length', String(stored.size))
    response.header(
      'Content-Disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`
    )
    response.header('X-Content-Type-Options', 'nosniff')
    response.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
    )
    response.header('Cache-Control', 'private, no-cache')
    return response.stream(stored.stream)
  }

  /** GET /media/:id/banner-code?affiliateId=&campaignId= */
  async bannerCode(ctx: HttpContext) {
    authorize(ctx, 'media', 'read')
    const media = await findMedia(ctx)
    const query = await validate(ctx, bannerCodeQueryValidator, 'media', ctx.request.qs())
    const organizationId = ctx.tenant.organizationId
    let affiliateId: number
    if (isAffiliate(ctx)) {
      // An affiliate only ever gets its own code.
      if (query.affiliateId !== undefined && query.affiliateId !== ctx.tenant.userId)
        throw forbidden('media.errors.other_affiliate')
      affiliateId = ctx.tenant.userId
    } else {
      if (query.affiliateId === undefined)
        throw ruleFailure(ctx, [{ field: 'affiliateId', rule: 'required', key: 'affiliate_required' }])
      const scope = await teamScopeOf(ctx)
      const known = (await existingIds(organizationId, 'affiliates', [query.affiliateId])).has(query.affiliateId)
      if (!known || (scope.affiliateIds && !scope.affiliateIds.includes(query.affiliateId))) {
        throw ruleFailure(ctx, [{ field: 'affiliateId', rule: 'exists', key: 'unknown_affiliate' }])
      }
      affiliateId = query.affiliateId
    }
    if (['drive_link', 'dropbox_link', 'hidden'].includes(media.type)) {
      throw ruleFailure(ctx, [{ field: 'type', rule: 'banner_code', key: 'no_banner_code' }])
    }
    // A banner links through a campaign this affiliate may promote (not blocked, public or
    // approved): the one asked for, else the creative's only such campaign. A tracking link
    // without a campaign (/c?pub_id=…) tracks nothing, so none is made.
    let campaignId = query.campaignId ?? null
    if (campaignId !== null) {
      const errors = await campaignErrors(ctx, [campaignId], affiliateId)
      if (errors.length) throw ruleFailure(ctx, [{ ...errors[0], field: 'campaignId' }])
    } else {
      const [linked] = await loadCampaignIds([media])
      const promotable = [
        ...(await existingIds(organizationId, 'campaigns', linked.campaignIds ?? [], { forAffiliate: affiliateId })),
      ]
      if (promotable.length !== 1)
        throw ruleFailure(ctx, [{ field: 'campaignId', rule: 'required', key: 'banner_campaign_required' }])
      campaignId = promotable[0]
    }
    let htmlContent: string | null = null
    if (isHtmlMime(media.fileMime) && media.fileKey) {
      const stored = await storage().stream(media.fileKey)
      if (!stored) throw notFound()
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of stored.stream) {
        size += chunk.length
        if (size > HTML_MAX_BYTES) break
        chunks.push(chunk)
      }
      htmlContent = Buffer.concat(chunks).toString('utf8')
    }
    const base = configuredBaseUrl()
    // The link goes through the affiliate's tracking domain (domains plugin) when it has one.
    const trackingBase = (await trackingBaseUrlFor(organizationId, affiliateId)) ?? base
    return ok(
      ctx,
      buildBannerCode({
        media,
        baseUrl: trackingBase,
        affiliateId,
        campaignId,
        // Public: the banner shows on the affiliate's site without a login.
        imageUrl: publicCreativeUrl(base, media),
        htmlContent,
      })
    )
  }
}
