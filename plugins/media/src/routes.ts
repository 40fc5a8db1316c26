import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { MEDIA_LIST } from './lists.js'
import { mediaStatusValidator, updateMediaValidator } from './validators.js'
import {
  BannerCodeSchema,
  MediaBulkStatusResultSchema,
  MediaDeletedSchema,
  MediaSchema,
  mediaMultipartFields,
} from './schemas.js'

const MediaController = () => import('./controllers/media_controller.js')

const FILE_RULES =
  'banner: a PNG, JPEG, GIF or WebP image (content checked) of at most 5 MB; htmlad and email_creative: an .html/.htm file of at most 1 MB; text_link, drive_link (drive.google.com, docs.google.com) and dropbox_link (dropbox.com): a link, no file; other: a file (at most 5 MB) or a link.'

export function mediaRoutes(api: ApiRouter) {
  api.get(
    '/media',
    {
      name: 'listMedia',
      summary: 'List media (affiliates: active, non-hidden media only)',
      query: listQueryParameters(MEDIA_LIST),
      response: { status: 200, list: MediaSchema },
    },
    [MediaController, 'index']
  )
  api.post(
    '/media',
    {
      name: 'createMedia',
      summary: 'Create a media (multipart: fields plus an optional file; a JSON body is accepted too)',
      description: FILE_RULES,
      multipart: {
        fileField: 'file',
        optionalFile: true,
        fileMediaType: 'application/octet-stream',
        required: ['title', 'type'],
        fields: mediaMultipartFields,
        json: true,
      },
      response: { status: 201, data: MediaSchema },
    },
    [MediaController, 'store']
  )
  api.post(
    '/media/status',
    {
      name: 'setMediaStatus',
      summary: 'Change the status of several media at once',
      body: mediaStatusValidator,
      response: { status: 200, data: MediaBulkStatusResultSchema },
    },
    [MediaController, 'setStatus']
  )
  api.get('/media/:id', { name: 'getMedia', summary: 'Get a media', response: { status: 200, data: MediaSchema } }, [
    MediaController,
    'show',
  ])
  api.patch(
    '/media/:id',
    {
      name: 'updateMedia',
      summary: 'Update a media (JSON; replace the file with POST /media/{id}/file)',
      description: FILE_RULES,
      body: updateMediaValidator,
      response: { status: 200, data: MediaSchema },
    },
    [MediaController, 'update']
  )
  api.put(
    '/media/:id',
    {
      name: 'replaceMedia',
      summary: 'Update a media (react-admin sends PUT)',
      description: FILE_RULES,
      body: updateMediaValidator,
      response: { status: 200, data: MediaSchema },
    },
    [MediaController, 'update']
  )
  api.delete(
    '/media/:id',
    {
      name: 'deleteMedia',
      summary: 'Delete a media (soft delete)',
      response: { status: 200, data: MediaDeletedSchema },
    },
    [MediaController, 'destroy']
  )
  api.post(
    '/media/:id/file',
    {
      name: 'uploadMediaFile',
      summary: "Replace a media's file (the previous file is removed)",
      description: FILE_RULES,
      multipart: { fileField: 'file', fileMediaType: 'application/octet-stream' },
      response: { status: 200, data: MediaSchema },
    },
    [MediaController, 'replaceFile']
  )
  api.get(
    '/media/:id/file',
    {
      name: 'downloadMediaFile',
      summary: "The media's stored file (nosniff, sandboxed)",
      response: { status: 200, raw: 'application/octet-stream' },
    },
    [MediaController, 'file']
  )
  api.get(
    '/media/:id/banner-code',
    {
      name: 'getBannerCode',
      summary: "An affiliate's tracking link and banner code (HTML and script) for a media",
      description:
        "Admins and team members name the affiliate (affiliateId); an affiliate always gets its own code. Without campaignId the link goes through the creative's only campaign the affiliate may promote; when it has none or several, a 422 asks for campaignId (a link without a campaign would track nothing).",
      query: {
        affiliateId: {
          type: 'integer',
          minimum: 1,
          description:
            'The affiliate (required for admins and team members; ignored for an affiliate, who gets its own)',
        },
        campaignId: {
          type: 'integer',
          minimum: 1,
          description:
            'The campaign of the tracking link; may be left out when the creative has exactly one campaign the affiliate may promote',
        },
      },
      response: { status: 200, data: BannerCodeSchema },
    },
    [MediaController, 'bannerCode']
  )
}

const PublicCreativesController = () => import('./controllers/public_creatives_controller.js')

/** No login: the images that banner code on affiliates' sites loads. */
export function mediaPublicRoutes(api: ApiRouter) {
  api.get(
    '/creatives/:file',
    {
      name: 'downloadCreative',
      summary: "A creative's image by its public link (no login; for banners on affiliates' sites)",
      description:
        "`file` is `<publicToken>.<ext>` as given in a media's `file.publicUrl` and in banner code. Served only for image files of media that are active, not hidden and not deleted, while the plugin is enabled; 404 otherwise. With the link's `?v=` the image is cached (immutable) for a day; nosniff and a sandboxing CSP.",
      query: {
        v: {
          type: 'string',
          description: 'Version of the file, from the link (makes the response cacheable as immutable)',
        },
      },
      response: { status: 200, raw: 'image/*' },
    },
    [PublicCreativesController, 'show']
  )
}
