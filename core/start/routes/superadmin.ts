/*
 * The superadmin's identity (spec §2 /superadmin/login): its own login door and its logout
 * (also out of a superadmin-as-admin login-as session). The console itself — home figures
 * and accounts — is the `superadmin` plugin's.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import { Session } from '#start/schemas'
import { superadminLoginValidator } from '#validators/superadmin'

const SuperadminController = () => import('#controllers/superadmin_controller')

export const SuperadminLogout = defineSchema('SuperadminLogout', {
  type: 'object',
  required: ['loggedOut', 'returnTo'],
  properties: {
    loggedOut: { type: 'boolean' },
    returnTo: {
      type: 'string',
      enum: ['superadmin', 'superadminLogin'],
      description:
        'superadmin: a login-as session ended, back to the superadmin panel (its token still works); superadminLogin: the superadmin logged out',
    },
  },
})

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/superuser/auth', 'auth', true)
    auth.post(
      '/login',
      {
        name: 'superadminLogin',
        summary: "Superadmin login: opens the person's superadmin panel",
        description:
          'Only a person holding an active superadmin panel gets a session here; anyone else gets the same 401 as for a wrong password. /api/v1/auth/login keeps working for every panel.',
        body: superadminLoginValidator,
        response: { status: 200, data: Session },
        errors: {
          '401': 'Invalid email or password (or no superadmin panel)',
          '403': 'The superadmin panel is not active',
          '429': 'Too many login attempts',
        },
      },
      [SuperadminController, 'login']
    )
  })
  .prefix('/api/v1/superuser/auth')

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth')
    auth.post(
      '/logout/su',
      {
        name: 'logoutSuperadmin',
        summary: 'Superadmin logout; from a superadmin-as-admin session, back to the superadmin panel',
        response: { status: 200, data: SuperadminLogout },
        errors: { '403': 'Neither a superadmin nor a login-as session started by one (use /auth/logout)' },
      },
      [SuperadminController, 'logout']
    )
  })
  .prefix('/api/v1/auth')
  .use(middleware.auth())
