/*
 * White-label branding (spec §1, §3, §7): the organisation's logo, login logo and icon,
 * served publicly; the login page's branding (/auth/meta); and the organisation's feature
 * switches (the admin's report switches of spec §6).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'
import { SWITCHABLE_REPORTS } from '#kernel/report_switches'
import { LOGO_KINDS } from '#services/branding'
import { reportSwitchesValidator } from '#validators/branding'

const BrandingController = () => import('#controllers/branding_controller')
const OrganizationFeaturesController = () => import('#controllers/organization_features_controller')

const imageUrl = (what: string) => ({
  ...schemas.nullableString,
  description: `${what}; null when none was uploaded. Versioned (?v=…): a new upload gives a new URL.`,
})

export const Branding = defineSchema('Branding', {
  type: 'object',
  required: ['logoUrl', 'loginLogoUrl', 'favIconUrl'],
  properties: {
    logoUrl: imageUrl('Logo, 386x74'),
    loginLogoUrl: imageUrl('Login logo, 450x150'),
    favIconUrl: imageUrl('Icon (favicon), 16x16'),
  },
})

export const AuthMeta = defineSchema('AuthMeta', {
  allOf: [
    Branding,
    {
      type: 'object',
      required: ['organizationId', 'name', 'themeColor', 'affiliateSignupUrl'],
      properties: {
        organizationId: { type: ['integer', 'null'] },
        name: { type: 'string' },
        themeColor: { type: 'string' },
        affiliateSignupUrl: { ...schemas.nullableString, description: '<APP_URL>/register/affiliate/<orgId>' },
      },
    },
  ],
})

/** Named so the SDK exports it as a runtime value (SwitchableReport) for the admin UI. */
export const SwitchableReportSchema = defineSchema('SwitchableReport', {
  type: 'string',
  enum: [...SWITCHABLE_REPORTS],
  description: 'A report an admin can switch off for the whole organisation',
})

const disabledReports = {
  type: 'array',
  items: SwitchableReportSchema,
  description: 'Reports switched off for every role of the organisation',
}

export const OrganizationFeatures = defineSchema('OrganizationFeatures', {
  type: 'object',
  required: ['organizationId', 'features', 'reportsInstall', 'disabledReports'],
  properties: {
    organizationId: schemas.id,
    name: { type: 'string', description: 'Child organisations only' },
    features: {
      type: 'object',
      additionalProperties: { type: 'boolean' },
      description: 'Feature flags, set by a superadmin',
    },
    reportsInstall: { type: 'boolean' },
    disabledReports,
  },
})

const kind = {
  type: 'string',
  enum: [...LOGO_KINDS],
  description: 'logo (386x74), loginLogo (450x150) or icon (16x16)',
}

router
  .group(() => {
    const core = new ApiRouter(router, '/api/v1', 'core')
    core.get(
      '/organization/logo',
      {
        name: 'getOrganizationLogo',
        summary: 'URLs of the logo, login logo and icon of the organisation acted on',
        response: { status: 200, data: Branding },
      },
      [BrandingController, 'current']
    )
    core.post(
      '/organization/logo',
      {
        name: 'uploadOrganizationLogo',
        summary:
          'Upload the logo (386x74), login logo (450x150) or icon (16x16): PNG, JPEG, WebP, GIF or SVG, exact size, at most 2 MB',
        multipart: {
          fileField: 'file',
          fields: { file: { type: 'string', format: 'binary', contentMediaType: 'image/*' }, kind },
        },
        response: { status: 200, data: Branding },
        errors: { '422': 'Please upload a valid file (type, size or dimensions)' },
      },
      [BrandingController, 'upload']
    )
    core.delete(
      '/organization/logo',
      {
        name: 'deleteOrganizationLogo',
        summary: 'Remove one image',
        query: { kind },
        response: { status: 200, data: Branding },
      },
      [BrandingController, 'destroy']
    )
    core.get(
      '/organization/features',
      {
        name: 'getOrganizationFeatures',
        summary: 'Feature flags and the reports switched off',
        response: { status: 200, data: OrganizationFeatures },
      },
      [OrganizationFeaturesController, 'show']
    )
    core.patch(
      '/organization/features',
      {
        name: 'updateOrganizationFeatures',
        summary: 'Switch customer, activity and conversion reports off or on for the whole organisation (admin)',
        body: reportSwitchesValidator,
        response: { status: 200, data: OrganizationFeatures },
      },
      [OrganizationFeaturesController, 'update']
    )
    core.get(
      '/organization/child/features',
      {
        name: 'listChildOrganizationFeatures',
        summary: 'Feature flags and report switches of each child organisation',
        response: { status: 200, data: { type: 'array', items: OrganizationFeatures } },
      },
      [OrganizationFeaturesController, 'children']
    )
  })
  .prefix('/api/v1')
  .use(middleware.auth())

router
  .group(() => {
    const open = new ApiRouter(router, '/api/v1', 'core', true)
    open.get(
      '/organization/:id/logo/:kind',
      {
        name: 'downloadOrganizationLogo',
        summary: 'An organisation image (public, cacheable; 404 when there is none)',
        query: { v: { type: 'string', description: 'Version stamp of the image (cache busting)' } },
        response: { status: 200, raw: 'image/*' },
      },
      [BrandingController, 'show']
    )
  })
  .prefix('/api/v1')

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    auth.get(
      '/meta',
      {
        name: 'getMeta',
        summary: 'Branding of a login or signup page: name, theme colour, image URLs, affiliate signup URL',
        description:
          'By orgId; without it, the platform defaults. (Lookup by the Host header will come with white-label domains.)',
        query: { orgId: { ...schemas.id, description: 'Organisation id' } },
        response: { status: 200, data: AuthMeta },
      },
      [BrandingController, 'meta']
    )
  })
  .prefix('/api/v1/auth')
