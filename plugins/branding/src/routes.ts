/*
 * The branding plugin's routes: the organisation's logo, login logo and icon (authenticated,
 * /api/v1/branding/logo) and the images themselves (public, /api/v1/branding/public/:id/:kind).
 * In core they were /api/v1/organization/logo and /api/v1/organization/:id/logo/:kind
 * (operationIds core…OrganizationLogo); a plugin's address names the plugin, so they moved
 * here, keeping their operation names (branding…OrganizationLogo in the SDK).
 */
import { BrandingImagesSchema, schemas, type ApiRouter } from '@affix/core/kernel'
import { LOGO_KINDS } from './services/branding.js'

const BrandingController = () => import('./controllers/branding_controller.js')

const kind = {
  type: 'string',
  enum: [...LOGO_KINDS],
  description: 'logo (386x74), loginLogo (450x150) or icon (16x16)',
}

export function brandingRoutes(api: ApiRouter) {
  api.get(
    '/logo',
    {
      name: 'getOrganizationLogo',
      summary: 'URLs of the logo, login logo and icon of the organisation acted on',
      // The scopes API keys and OAuth tokens needed for these calls when they were core's.
      scope: 'organization:read',
      response: { status: 200, data: BrandingImagesSchema },
    },
    [BrandingController, 'current']
  )
  api.post(
    '/logo',
    {
      name: 'uploadOrganizationLogo',
      summary:
        'Upload the logo (386x74), login logo (450x150) or icon (16x16): PNG, JPEG, WebP, GIF or SVG, exact size, at most 2 MB',
      multipart: {
        fileField: 'file',
        fields: { file: { type: 'string', format: 'binary', contentMediaType: 'image/*' }, kind },
      },
      scope: 'organization:write',
      response: { status: 200, data: BrandingImagesSchema },
      errors: { '422': 'Please upload a valid file (type, size or dimensions)' },
    },
    [BrandingController, 'upload']
  )
  api.delete(
    '/logo',
    {
      name: 'deleteOrganizationLogo',
      summary: 'Remove one image',
      scope: 'organization:write',
      query: { kind },
      response: { status: 200, data: BrandingImagesSchema },
    },
    [BrandingController, 'destroy']
  )
}

export function brandingPublicRoutes(api: ApiRouter) {
  api.get(
    '/:id/:kind',
    {
      name: 'downloadOrganizationLogo',
      summary: 'An organisation image (public, cacheable; 404 when there is none or branding is off)',
      params: { id: { ...schemas.id, description: 'Organisation id' }, kind },
      query: { v: { type: 'string', description: 'Version stamp of the image (cache busting)' } },
      response: { status: 200, raw: 'image/*' },
    },
    [BrandingController, 'show']
  )
}
