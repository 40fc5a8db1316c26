import type { HttpContext } from '@adonisjs/core/http'
import { assertPluginEnabledFor, notFound, storage } from '@affix/core/kernel'
import Media from '../models/media.js'
import { creativeVersion, matchesExtension, parseCreativeFile, servedPublicly } from '../services/public_creatives.js'

/**
 * A versioned link (?v= of the current file) is cached as immutable, but only for a day:
 * a creative withdrawn by the admin (inactive, hidden, deleted) must stop showing soon.
 */
const CACHE_VERSIONED = 'public, max-age=86400, immutable'
const CACHE_BARE = 'public, max-age=300'

export default class PublicCreativesController {
  /** GET /api/v1/media/public/creatives/:file (no login): the image of a live creative; 404 otherwise. */
  async show(ctx: HttpContext) {
    const parsed = parseCreativeFile(String(ctx.params.file ?? ''))
    if (!parsed) throw notFound()
    // tenancy: a public creative is found by its unguessable token; its organisation is checked next
    const media = await Media.query().where('public_token', parsed.token).whereNull('deleted_at').first()
    if (!media || !servedPublicly(media) || !matchesExtension(media, parsed.extension)) throw notFound()
    await assertPluginEnabledFor(media.organizationId, 'media')

    const { request, response } = ctx
    const version = creativeVersion(media.fileKey!)
    const etag = `"${version}"`
    response.header('Cache-Control', request.qs().v === version ? CACHE_VERSIONED : CACHE_BARE)
    response.header('ETag', etag)
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    // Loaded as <img> by other sites' pages.
    response.header('Cross-Origin-Resource-Policy', 'cross-origin')
    if (request.header('if-none-match') === etag) return response.status(304).send('')
    const stored = await storage().stream(media.fileKey!)
    if (!stored) throw notFound()
    response.header('Content-Type', media.fileMime!)
    response.header('Content-Length', String(stored.size))
    return response.stream(stored.stream)
  }
}
