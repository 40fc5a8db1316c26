/*
 * The signup plugin's routes. Public (no login), beside its own id
 * (manifest `publicMount: { path: 'signup' }`): an organisation's signup form and the signup,
 * for affiliates (optionally through a campaign link) and brands. Authenticated: the form's
 * settings (auto approve, custom fields), read and changed under the organisation's scopes.
 */
import { defineSchema, passwordFormBody, schemas, type ApiRouter } from '@affix/core/kernel'
import { signupSettingsValidator, signupValidator, SIGNUP_FIELD_TYPES, SIGNUP_VALIDATION_TYPES } from './validators.js'

const SignupController = () => import('./controllers/signup_controller.js')
const SettingsController = () => import('./controllers/settings_controller.js')

const fieldValidation = {
  type: ['object', 'null'],
  properties: {
    enabled: { type: 'boolean' },
    type: { type: 'string', enum: [...SIGNUP_VALIDATION_TYPES] },
    value: { type: ['integer', 'null'], description: 'Length bound for min/max' },
    message: { ...schemas.nullableString, description: 'Shown instead of the generic message when the rule fails' },
  },
}

const SignupSettings = defineSchema('SignupSettings', {
  type: 'object',
  required: ['autoApprove', 'fields'],
  properties: {
    autoApprove: { type: 'boolean', description: 'New affiliates are active at once (else pending until approved)' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'label', 'type', 'required', 'hidden'],
        properties: {
          name: { type: 'string' },
          label: { type: 'string' },
          type: { type: 'string', enum: [...SIGNUP_FIELD_TYPES] },
          required: { type: 'boolean' },
          hidden: { type: 'boolean' },
          options: { type: ['array', 'null'], items: { type: 'string' } },
          validation: fieldValidation,
        },
      },
    },
  },
})

const SignupForm = defineSchema('SignupForm', {
  type: 'object',
  required: ['type', 'organizationId', 'organizationName', 'themeColor', 'campaignId', 'fields'],
  properties: {
    type: { type: 'string', enum: ['affiliate', 'brand'] },
    organizationId: schemas.id,
    organizationName: { type: 'string' },
    themeColor: { type: 'string' },
    language: { type: 'string', enum: ['en', 'pt', 'tr'] },
    campaignId: { type: ['integer', 'null'], description: 'The campaign of a campaign signup link, echoed' },
    fields: {
      type: 'array',
      description: 'The visible custom fields; answers go in `fields` of the signup body, by name',
      items: {
        type: 'object',
        required: ['name', 'label', 'type', 'required'],
        properties: {
          name: { type: 'string' },
          label: { type: 'string' },
          type: { type: 'string', enum: [...SIGNUP_FIELD_TYPES] },
          required: { type: 'boolean' },
          options: { type: ['array', 'null'], items: { type: 'string' } },
          validation: fieldValidation,
        },
      },
    },
  },
})

const SignupResult = defineSchema('SignupResult', {
  type: 'object',
  required: ['id', 'organizationId', 'role', 'status', 'message', 'session'],
  properties: {
    id: { ...schemas.id, description: 'The new panel (users row)' },
    organizationId: schemas.id,
    role: { type: 'string', enum: ['affiliate', 'brand'] },
    status: { type: 'string', enum: ['active', 'pending'] },
    message: { type: 'string' },
    session: {
      oneOf: [schemas.session, { type: 'null' }],
      description: 'Set when the panel is active at once (auto approve)',
    },
  },
})

const signupErrors = {
  '404': 'No such organisation, campaign or signup type',
  '422': 'Invalid data or "Username is already taken"',
  '429': 'Too many signups',
}

export function signupPublicRoutes(api: ApiRouter) {
  api.get(
    '/affiliate/:orgId',
    {
      name: 'affiliateSignupForm',
      summary: "An organisation's affiliate signup form",
      response: { status: 200, data: SignupForm },
      errors: signupErrors,
    },
    [SignupController, 'form']
  )
  api.post(
    '/affiliate/:orgId',
    {
      name: 'affiliateSignup',
      summary: 'Sign up as an affiliate (active with a session when auto approve is on, else pending)',
      body: passwordFormBody(signupValidator),
      response: { status: 201, data: SignupResult },
      errors: signupErrors,
    },
    [SignupController, 'signup']
  )
  api.get(
    '/affiliate/:orgId/:campaignId',
    {
      name: 'campaignSignupForm',
      summary: "An organisation's affiliate signup form for a campaign",
      response: { status: 200, data: SignupForm },
      errors: signupErrors,
    },
    [SignupController, 'form']
  )
  api.post(
    '/affiliate/:orgId/:campaignId',
    {
      name: 'campaignSignup',
      summary: 'Sign up as an affiliate through a campaign link (the campaign is kept with the signup)',
      body: passwordFormBody(signupValidator),
      response: { status: 201, data: SignupResult },
      errors: signupErrors,
    },
    [SignupController, 'signup']
  )
  api.get(
    '/:type/:orgId',
    {
      name: 'typedSignupForm',
      summary: 'The signup form of a type: affiliate or brand',
      response: { status: 200, data: SignupForm },
      errors: signupErrors,
    },
    [SignupController, 'form']
  )
  api.post(
    '/:type/:orgId',
    {
      name: 'typedSignup',
      summary: 'Sign up by type: affiliate (as above) or brand (advertiser, pending until approved)',
      body: passwordFormBody(signupValidator),
      response: { status: 201, data: SignupResult },
      errors: signupErrors,
    },
    [SignupController, 'signup']
  )
}

export function signupRoutes(api: ApiRouter) {
  api.get(
    '/settings',
    {
      name: 'getSignupSettings',
      // The organisation's settings, under the scopes they had as /organization/signup-settings.
      scope: 'organization:read',
      summary: 'Auto approve and the custom fields of the affiliate signup form',
      response: { status: 200, data: SignupSettings },
    },
    [SettingsController, 'show']
  )
  api.put(
    '/settings',
    {
      name: 'updateSignupSettings',
      scope: 'organization:write',
      summary: 'Replace auto approve and the custom fields of the affiliate signup form (admin)',
      body: signupSettingsValidator,
      response: { status: 200, data: SignupSettings },
    },
    [SettingsController, 'update']
  )
}
