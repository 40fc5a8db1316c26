/*
 * The caller's own profile (spec §3 "Profile"), password change and team scope.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'
import { Message } from '#start/schemas'
import { changePasswordValidator, updateProfileValidator } from '#validators/profile'

const ProfileController = () => import('#controllers/profile_controller')

export const Profile = defineSchema('Profile', {
  type: 'object',
  required: ['id', 'email', 'role'],
  properties: {
    id: schemas.id,
    email: { type: 'string' },
    role: { type: 'string' },
    name: schemas.nullableString,
    phone: schemas.nullableString,
    skype: schemas.nullableString,
    city: schemas.nullableString,
    address: schemas.nullableString,
    state: schemas.nullableString,
    zipcode: schemas.nullableString,
    country: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2 code' },
    locale: {
      type: ['string', 'null'],
      enum: ['en', 'pt', 'tr', null],
      description: 'Language of the panel; null follows the organisation',
    },
  },
})

export const TeamScope = defineSchema('TeamScope', {
  type: 'object',
  required: ['affiliates', 'affiliateIds', 'campaigns', 'reports'],
  properties: {
    affiliates: { type: 'string', enum: ['all', 'assigned'] },
    affiliateIds: {
      type: ['array', 'null'],
      items: schemas.id,
      description: 'Affiliates the caller may see; null for all',
    },
    campaigns: {
      type: ['array', 'null'],
      items: schemas.id,
      description: 'Campaigns the caller may see; null for all',
    },
    reports: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Reports the caller may see; null for all',
    },
  },
})

router
  .group(() => {
    const api = new ApiRouter(router, '/api/v1/account', 'core')
    api.get(
      '/profile',
      {
        name: 'getProfile',
        scope: 'account:read',
        summary: "The caller's profile",
        response: { status: 200, data: Profile },
      },
      [ProfileController, 'show']
    )
    api.patch(
      '/profile',
      {
        name: 'updateProfile',
        scope: 'account:write',
        summary: "Change the caller's profile (an empty value clears a field, except the name)",
        body: updateProfileValidator,
        response: { status: 200, data: Profile },
      },
      [ProfileController, 'update']
    )
    api.post(
      '/change-password',
      {
        name: 'changePassword',
        scope: false,
        summary: "Change the caller's password on the panels that share its credential; their other sessions end",
        body: changePasswordValidator,
        response: { status: 200, data: Message },
        errors: {
          '403': 'Not from an API key or a login-as session',
          '422': 'The current password is wrong, or the new one is invalid',
          '429': 'Too many attempts',
        },
      },
      [ProfileController, 'changePassword']
    )
    api.get(
      '/scope',
      {
        name: 'getTeamScope',
        scope: 'account:read',
        summary:
          'Which affiliates, campaigns and reports the caller may see (team members are limited; admins see all; affiliates only themselves)',
        response: { status: 200, data: TeamScope },
      },
      [ProfileController, 'scope']
    )
  })
  .prefix('/api/v1/account')
  .use(middleware.auth())
