/*
 * Registration: an organisation signs up and activates by mail, and e-mail verification.
 * Affiliates and brands sign up on an organisation's form through the signup plugin.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { passwordFormBody } from '#kernel/openapi'
import { Message, Session } from '#start/schemas'
import {
  registerOrganizationValidator,
  resendVerificationValidator,
  verifyTokenValidator,
} from '#validators/registration'

const RegistrationController = () => import('#controllers/registration_controller')
const VerificationController = () => import('#controllers/verification_controller')

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth', true)
    auth.post(
      '/register',
      {
        name: 'register',
        summary: 'Register an organisation and its owner; mails a 24-hour, single-use activation link',
        body: passwordFormBody(registerOrganizationValidator),
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
  })
  .prefix('/api/v1')
  .use(middleware.auth())
