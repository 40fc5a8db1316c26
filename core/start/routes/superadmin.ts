/*
 * Superadmin (spec §2 /superadmin/*, §6 "Superadmin: accounts, home, verify"): its own login
 * door, its logout (also out of a superadmin-as-admin login-as session) and the accounts,
 * i.e. every organisation of the platform. Only the superadmin role holds `accounts`.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'
import { listQueryParameters } from '#kernel/list_query'
import { Organization, PluginState, Session } from '#start/schemas'
import { ACCOUNT_LIST, superadminLoginValidator, updateAccountValidator } from '#validators/superadmin'

const SuperadminController = () => import('#controllers/superadmin_controller')
const AccountsController = () => import('#controllers/accounts_controller')

const billingState = { type: 'string', enum: ['active', 'invoice_due', 'trial_end'] }

export const AccountSummary = defineSchema('AccountSummary', {
  type: 'object',
  required: [
    'id',
    'name',
    'type',
    'ownerEmail',
    'usersCount',
    'billingState',
    'panelLocked',
    'createdAt',
    'verifiedAt',
  ],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    type: { type: 'string', enum: ['parent', 'child', 'brand-type'] },
    panelType: { type: 'string' },
    parentId: { type: ['integer', 'null'] },
    ownerEmail: {
      ...schemas.nullableString,
      description: 'The owner panel (owner flag, else the oldest admin or parent)',
    },
    usersCount: { type: 'integer', description: 'Panels of the organisation that are not deleted' },
    billingState,
    panelLocked: { type: 'boolean' },
    onboardingPending: { type: 'boolean' },
    createdAt: schemas.nullableString,
    verifiedAt: schemas.nullableString,
  },
})

export const AccountDetail = defineSchema('AccountDetail', {
  allOf: [
    AccountSummary,
    {
      type: 'object',
      required: ['organization', 'owner', 'admins', 'children', 'plugins', 'counts'],
      properties: {
        organization: Organization,
        parent: { type: ['object', 'null'], properties: { id: schemas.id, name: { type: 'string' } } },
        owner: {
          type: ['object', 'null'],
          properties: { id: schemas.id, email: { type: 'string' }, status: { type: 'string' } },
        },
        admins: {
          type: 'array',
          description: 'Admin, sub-admin and parent panels (never passwords or tokens)',
          items: {
            type: 'object',
            required: ['id', 'email', 'role', 'status'],
            properties: {
              id: schemas.id,
              email: { type: 'string' },
              name: schemas.nullableString,
              role: { type: 'string' },
              status: { type: 'string' },
              owner: { type: 'boolean' },
              emailVerifiedAt: schemas.nullableString,
              lastLoginAt: schemas.nullableString,
            },
          },
        },
        children: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name'],
            properties: {
              id: schemas.id,
              name: { type: 'string' },
              createdAt: schemas.nullableString,
              verifiedAt: schemas.nullableString,
            },
          },
        },
        plugins: { type: 'array', items: PluginState },
        counts: {
          type: 'object',
          required: ['users', 'children', 'byRole'],
          properties: {
            users: { type: 'integer' },
            children: { type: 'integer' },
            byRole: { type: 'object', additionalProperties: { type: 'integer' } },
          },
        },
      },
    },
  ],
})

export const SuperadminHome = defineSchema('SuperadminHome', {
  type: 'object',
  required: ['organizations', 'verified', 'unverified', 'panelLocked', 'billing', 'users', 'recent'],
  properties: {
    organizations: { type: 'integer' },
    verified: { type: 'integer' },
    unverified: { type: 'integer' },
    panelLocked: { type: 'integer' },
    billing: {
      type: 'object',
      properties: { active: { type: 'integer' }, invoice_due: { type: 'integer' }, trial_end: { type: 'integer' } },
    },
    users: { type: 'integer' },
    recent: {
      type: 'array',
      description: 'The five newest organisations',
      items: {
        type: 'object',
        properties: {
          id: schemas.id,
          name: { type: 'string' },
          createdAt: { type: 'string' },
          verifiedAt: schemas.nullableString,
        },
      },
    },
  },
})

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

router
  .group(() => {
    const api = new ApiRouter(router, '/api/v1/superadmin', 'superadmin')
    api.get(
      '/home',
      {
        name: 'getHome',
        summary: 'Superadmin home: organisations, verification, billing states, users',
        response: { status: 200, data: SuperadminHome },
      },
      [SuperadminController, 'home']
    )
    api.get(
      '/accounts',
      {
        name: 'listAccounts',
        summary: 'Every organisation with its owner, users, billing state and verification',
        query: listQueryParameters(ACCOUNT_LIST),
        response: { status: 200, list: AccountSummary },
      },
      [AccountsController, 'index']
    )
    api.get(
      '/accounts/:id',
      {
        name: 'getAccount',
        summary: 'One organisation: admins, children, plugins, feature flags, counts',
        response: { status: 200, data: AccountDetail },
      },
      [AccountsController, 'show']
    )
    api.patch(
      '/accounts/:id',
      {
        name: 'updateAccount',
        summary:
          'Change billing state, panel lock, onboarding, network, install reports and feature flags (recorded on the timeline)',
        body: updateAccountValidator,
        response: { status: 200, data: AccountDetail },
      },
      [AccountsController, 'update']
    )
    api.post(
      '/accounts/:id/verify',
      {
        name: 'verifyAccount',
        summary: "Verify an organisation and activate its owner's pending panel (idempotent)",
        response: { status: 200, data: AccountDetail },
      },
      [AccountsController, 'verify']
    )
  })
  .prefix('/api/v1/superadmin')
  .use(middleware.auth())
