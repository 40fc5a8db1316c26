import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import ApiKey from '#models/api_key'
import ApiLog from '#models/api_log'
import { created, list, ok } from '#kernel/envelope'
import { notFound } from '#kernel/errors'
import { authorize, findScoped, scoped } from '#kernel/tenancy'
import { validate } from '#kernel/validation'
import { paginate, parseList } from '#kernel/list_query'
import { createApiKeyValidator } from '#validators/api_keys'
import { assertValidIps, assertValidScopes, newSecret } from '#services/api_keys'
import { assertOwnSession } from '#services/panels'
import { API_KEY_LIST, API_LOG_LIST } from '#services/api_key_lists'

/** Keys are managed by the person in their own panel: a key cannot mint or revoke keys. */
const assertPanelSession = (ctx: HttpContext) => assertOwnSession(ctx, 'api_keys')

export default class ApiKeysController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'api_keys', 'read')
    const parsed = parseList(ctx, API_KEY_LIST)
    // Affiliates see their own keys; staff see the organisation's.
    const query = scoped(ctx, ApiKey).if(ctx.tenant.role === 'affiliate', (q) => q.where('user_id', ctx.tenant.userId))
    const page = await paginate(query, parsed, API_KEY_LIST)
    return list(
      ctx,
      'api-keys',
      page.rows.map((row) => row.serialize()),
      page
    )
  }

  /** Creates a key; its secret is in this answer and never again. */
  async store(ctx: HttpContext) {
    authorize(ctx, 'api_keys', 'manage')
    assertPanelSession(ctx)
    const data = await validate(ctx, createApiKeyValidator)
    assertValidScopes(data.scopes)
    assertValidIps(data.allowedIps)

    const { secret, secretHash, hint } = newSecret()
    const key = await ApiKey.create({
      organizationId: ctx.tenant.organizationId,
      userId: ctx.tenant.userId,
      name: data.name,
      secretHash,
      hint,
      scopes: data.scopes,
      allowedIps: data.allowedIps ?? [],
      expiresAt: data.expiresAt ? DateTime.fromJSDate(data.expiresAt) : null,
    })
    return created(ctx, { ...key.serialize(), key: `afk_${key.id}.${secret}` })
  }

  /** Revokes a key at once; its log stays. */
  async destroy(ctx: HttpContext) {
    authorize(ctx, 'api_keys', 'manage')
    assertPanelSession(ctx)
    const key = await findScoped(ctx, ApiKey, ctx.params.id)
    if (ctx.tenant.role === 'affiliate' && key.userId !== ctx.tenant.userId) throw notFound()
    key.revokedAt ??= DateTime.now()
    await key.save()
    return ok(ctx, key.serialize())
  }

  /** The API log: every call made with a key of this organisation. */
  async logs(ctx: HttpContext) {
    authorize(ctx, 'api_keys', 'read')
    const parsed = parseList(ctx, API_LOG_LIST)
    const query = scoped(ctx, ApiLog).if(ctx.tenant.role === 'affiliate', (q) =>
      q.whereIn('api_key_id', (sub) => sub.from('api_keys').select('id').where('user_id', ctx.tenant.userId))
    )
    const page = await paginate(query, parsed, API_LOG_LIST)
    return list(
      ctx,
      'api-logs',
      page.rows.map((row) => row.serialize()),
      page
    )
  }
}
