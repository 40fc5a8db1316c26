/*
 * The superadmin console (spec §2 /superadmin/*, §6 "Superadmin: accounts, home, verify"):
 * the platform's home figures and its accounts, i.e. every organisation. Only the superadmin
 * role holds `accounts`. The superadmin's own login door and logout are core's (identity).
 */
import { defineSchema, listQueryParameters, schemas, type ApiRouter } from '@affix/core/kernel'
import { ACCOUNT_LIST, updateAccountValidator } from './validators.js'

const AccountsController = () => import('./controllers/accounts_controller.js')

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
        organization: { $ref: '#/components/schemas/Organization' },
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
        plugins: { type: 'array', items: { $ref: '#/components/schemas/PluginState' } },
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

export function superadminRoutes(api: ApiRouter) {
  api.get(
    '/home',
    {
      name: 'getHome',
      summary: 'Superadmin home: organisations, verification, billing states, users',
      response: { status: 200, data: SuperadminHome },
    },
    [AccountsController, 'home']
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
}
