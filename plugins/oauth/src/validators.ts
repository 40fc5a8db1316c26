import vine from '@vinejs/vine'
import { dateTimeSchema, TEXT_MAX } from '@affix/core/kernel'

/** Same scope shape and rules as API keys (spec §3: resource and operation). */
const scopes = vine
  .array(
    vine.object({
      resource: vine.string().trim().minLength(1).maxLength(64),
      operations: vine
        .array(vine.enum(['read', 'write'] as const))
        .minLength(1)
        .distinct(),
    })
  )
  .minLength(1)

export const createOAuthAppValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(TEXT_MAX),
  /** Exact redirect URIs the app may receive codes on (https; http only for loopback). */
  redirectUris: vine.array(vine.string().trim().maxLength(2048)).minLength(1).maxLength(10).distinct(),
  scopes,
  expiresAt: vine
    .date({ formats: { utc: true } })
    .use(dateTimeSchema())
    .afterOrEqual('today')
    .optional(),
  allowedIps: vine.array(vine.string().trim().maxLength(64)).maxLength(100).optional(),
})

const clientAndRedirect = {
  clientId: vine.string().trim().minLength(1).maxLength(64),
  redirectUri: vine.string().trim().minLength(1).maxLength(2048),
  /** Space-separated `resource:operation` pairs, a subset of the app's scopes; all of them when absent. */
  scope: vine.string().trim().maxLength(2000).optional(),
}

/** The consent screen asks what it is about to grant. */
export const describeAuthorizationValidator = vine.create(clientAndRedirect)

export const authorizeValidator = vine.create({
  ...clientAndRedirect,
  state: vine.string().minLength(1).maxLength(500),
  // RFC 7636: 43–128 characters of [A-Z a-z 0-9 - . _ ~]; only S256 is accepted.
  codeChallenge: vine
    .string()
    .regex(/^[A-Za-z0-9\-._~]{43,128}$/)
    .optional(),
  codeChallengeMethod: vine
    .enum(['S256'] as const)
    .optional()
    .requiredIfExists('codeChallenge'),
})
