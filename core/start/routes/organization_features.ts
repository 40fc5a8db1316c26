/*
 * The organisation's feature switches (the admin's report switches of spec §6) and the
 * login page's meta (/auth/meta: name, theme colour, signup URL and the branding images,
 * which the branding plugin provides while it is enabled; null otherwise).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'
import { SWITCHABLE_REPORTS } from '#kernel/report_switches'
import { BrandingImagesSchema } from '#kernel/branding_images'
import { reportSwitchesValidator } from '#validators/organization'

const AuthMetaController = () => import('#controllers/auth_meta_controller')
const OrganizationFeaturesController = () => import('#controllers/organization_features_controller')

export const AuthMeta = defineSchema('AuthMeta', {
  allOf: [
    BrandingImagesSchema,
    {
      type: 'object',
      required: ['organizationId', 'name', 'themeColor', 'affiliateSignupUrl'],
      properties: {
        organizationId: { type: ['integer', 'null'] },
        name: { type: 'string' },
        themeColor: { type: 'string' },
        affiliateSignupUrl: {
          ...schemas.nullableString,
          description: '<APP_URL>/register/affiliate/<orgId>; null while the signup plugin is off for the organisation',
        },
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

router
  .group(() => {
    const core = new ApiRouter(router, '/api/v1', 'core')
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
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    auth.get(
      '/meta',
      {
        name: 'getMeta',
        summary: 'Branding of a login or signup page: name, theme colour, image URLs, affiliate signup URL',
        description:
          'By orgId; without it, the platform defaults. The image URLs come from the branding plugin and are null while it is off for the organisation. (Lookup by the Host header will come with white-label domains.)',
        query: { orgId: { ...schemas.id, description: 'Organisation id' } },
        response: { status: 200, data: AuthMeta },
      },
      [AuthMetaController, 'meta']
    )
  })
  .prefix('/api/v1/auth')
