/*
 * Registration: an organisation signs up and activates by mail, affiliates and brands sign
 * up on an organisation's form, e-mail verification, and the form's settings (admin).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { defineSchema } from '#kernel/openapi'
import * as schemas from '#kernel/schemas'
import { Message, Session } from '#start/schemas'
import {
  registerOrganizationValidator,
  resendVerificationValidator,
  signupSettingsValidator,
  signupValidator,
  SIGNUP_FIELD_TYPES,
  SIGNUP_VALIDATION_TYPES,
  verifyTokenValidator,
} from '#validators/registration'

/**
 * The validators' JSON Schema misses what VineJS rules cannot describe: the confirmation field
 * of `confirmed()` and the accepted values of `accepted()`. Completed here for the document.
 */
function signupBody(validator: { toJSONSchema(): unknown }) {
  const schema = structuredClone(validator.toJSONSchema()) as {
    properties: Record<string, unknown>
    required: string[]
  }
  schema.properties.passwordConfirmation = { type: 'string', description: 'Must equal password' }
  schema.properties.acceptTerms = {
    enum: [true, 'true', 'on', 'yes', '1', 1],
    description: 'The terms must be accepted',
  }
  schema.required.push('passwordConfirmation')
  return schema
}

const RegistrationController = () => import('#controllers/registration_controller')
const VerificationController = () => import('#controllers/verification_controller')
const SignupSettingsController = () => import('#controllers/signup_settings_controller')

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
    session: { oneOf: [Session, { type: 'null' }], description: 'Set when the panel is active at once (auto approve)' },
  },
})

const signupErrors = {
  '404': 'No such organisation, campaign or signup type',
  '422': 'Invalid data or "Username is already taken"',
  '429': 'Too many signups',
}

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    auth.post(
      '/register',
      {
        name: 'register',
        summary: 'Register an organisation and its owner; mails a 24-hour, single-use activation link',
        body: signupBody(registerOrganizationValidator),
        response: { status: 201, data: Message },
        errors: { '422': 'Invalid data or "Username is already taken"', '429': 'Too many registrations' },
      },
      [RegistrationController, 'register']
    )
    auth.post(
      '/verify',
      {
        name: 'verify',
        summary:
          'Follow a mailed verification link: an account link activates the panel and returns a session; an e-mail link marks the address verified',
        body: verifyTokenValidator,
        response: { status: 200, data: { oneOf: [Session, Message] } },
        errors: { '422': 'The link is invalid, used or expired' },
      },
      [VerificationController, 'verify']
    )
    auth.post(
      '/verify/email',
      {
        name: 'resendVerification',
        summary: 'Mail a new activation link to a registration still waiting for it; same answer for unknown addresses',
        body: resendVerificationValidator,
        response: { status: 200, data: Message },
        errors: { '429': 'Too many requests' },
      },
      [VerificationController, 'resend']
    )
    auth.get(
      '/register/affiliate/:orgId',
      {
        name: 'affiliateSignupForm',
        summary: "An organisation's affiliate signup form",
        response: { status: 200, data: SignupForm },
        errors: signupErrors,
      },
      [RegistrationController, 'form']
    )
    auth.post(
      '/register/affiliate/:orgId',
      {
        name: 'affiliateSignup',
        summary: 'Sign up as an affiliate (active with a session when auto approve is on, else pending)',
        body: signupBody(signupValidator),
        response: { status: 201, data: SignupResult },
        errors: signupErrors,
      },
      [RegistrationController, 'signup']
    )
    auth.get(
      '/register/affiliate/:orgId/:campaignId',
      {
        name: 'campaignSignupForm',
        summary: "An organisation's affiliate signup form for a campaign",
        response: { status: 200, data: SignupForm },
        errors: signupErrors,
      },
      [RegistrationController, 'form']
    )
    auth.post(
      '/register/affiliate/:orgId/:campaignId',
      {
        name: 'campaignSignup',
        summary: 'Sign up as an affiliate through a campaign link (the campaign is kept with the signup)',
        body: signupBody(signupValidator),
        response: { status: 201, data: SignupResult },
        errors: signupErrors,
      },
      [RegistrationController, 'signup']
    )
    auth.get(
      '/register/:type/:orgId',
      {
        name: 'typedSignupForm',
        summary: 'The signup form of a type: affiliate or brand',
        response: { status: 200, data: SignupForm },
        errors: signupErrors,
      },
      [RegistrationController, 'form']
    )
    auth.post(
      '/register/:type/:orgId',
      {
        name: 'typedSignup',
        summary: 'Sign up by type: affiliate (as above) or brand (advertiser, pending until approved)',
        body: signupBody(signupValidator),
        response: { status: 201, data: SignupResult },
        errors: signupErrors,
      },
      [RegistrationController, 'signup']
    )
  })
  .prefix('/api/v1/auth')

router
  .group(() => {
    const core = new ApiRouter(router, '/api/v1', 'core')
    core.post(
      '/account/email/verification',
      {
        name: 'sendEmailVerification',
        scope: false,
        summary: "Mail a link that verifies the caller's e-mail address",
        response: { status: 200, data: Message },
        errors: { '422': 'The address is already verified' },
      },
      [VerificationController, 'sendEmailVerification']
    )
    core.get(
      '/organization/signup-settings',
      {
        name: 'getSignupSettings',
        summary: 'Auto approve and the custom fields of the affiliate signup form',
        response: { status: 200, data: SignupSettings },
      },
      [SignupSettingsController, 'show']
    )
    core.put(
      '/organization/signup-settings',
      {
        name: 'updateSignupSettings',
        summary: 'Replace auto approve and the custom fields of the affiliate signup form (admin)',
        body: signupSettingsValidator,
        response: { status: 200, data: SignupSettings },
      },
      [SignupSettingsController, 'update']
    )
  })
  .prefix('/api/v1')
  .use(middleware.auth())
