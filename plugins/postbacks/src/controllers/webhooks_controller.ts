import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import {
  authorize,
  created,
  findScoped,
  list,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  validate,
} from '../kernel.js'
import WebhookConfig from '../models/webhook_config.js'
import { WEBHOOK_LIST } from '../lists.js'
import { createWebhookValidator, updateWebhookValidator } from '../validators.js'
import { SCOPE, checkTrackingUrlMessage, limitTests } from '../access.js'
import { newSecret, openSecret, sealSecret } from '../delivery/signing.js'
import { runTest } from '../delivery/test_tool.js'

function serializeWebhook(webhook: WebhookConfig, secret?: string) {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    status: webhook.status,
    consecutiveFailures: webhook.consecutiveFailures,
    ...(secret ? { secret } : {}),
    secretRotatedAt: webhook.secretRotatedAt?.toISO() ?? null,
    disabledAt: webhook.disabledAt?.toISO() ?? null,
    createdAt: webhook.createdAt?.toISO() ?? null,
    updatedAt: webhook.updatedAt?.toISO() ?? null,
  }
}

export default class WebhooksController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'read')
    const parsed = parseList(ctx, WEBHOOK_LIST)
    const page = await paginate(scoped(ctx, WebhookConfig), parsed, WEBHOOK_LIST)
    return list(
      ctx,
      'webhook-configs',
      page.rows.map((row) => serializeWebhook(row)),
      page
    )
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'read')
    return ok(ctx, serializeWebhook(await findScoped(ctx, WebhookConfig, ctx.params.id)))
  }

  /** The secret is in this answer only; it signs every delivery (docs/postbacks.md). */
  async store(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'manage')
    const data = await validate(ctx, createWebhookValidator, SCOPE)
    checkTrackingUrlMessage(data.url, 'post')
    const secret = newSecret()
    const webhook = await WebhookConfig.create({
      organizationId: ctx.tenant.organizationId,
      name: data.name,
      url: data.url,
      events: data.events,
      status: data.status ?? 'active',
      consecutiveFailures: 0,
      secretEncrypted: sealSecret(secret),
    })
    return created(ctx, serializeWebhook(await findScoped(ctx, WebhookConfig, webhook.id), secret))
  }

  async update(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'manage')
    const webhook = await findScoped(ctx, WebhookConfig, ctx.params.id)
    rejectClearedFields(ctx, ['name', 'url', 'events'], SCOPE)
    const data = await validate(ctx, updateWebhookValidator, SCOPE)
    if (data.url !== undefined) checkTrackingUrlMessage(data.url, 'post')
    webhook.merge({
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.url !== undefined ? { url: data.url } : {}),
      ...(data.events ? { events: data.events } : {}),
    })
    if (data.status !== undefined && data.status !== webhook.status) {
      webhook.status = data.status
      if (data.status === 'active') webhook.merge({ consecutiveFailures: 0, disabledAt: null })
    }
    await webhook.save()
    return ok(ctx, serializeWebhook(await findScoped(ctx, WebhookConfig, webhook.id)))
  }

  async destroy(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'manage')
    const webhook = await findScoped(ctx, WebhookConfig, ctx.params.id)
    await webhook.delete()
    return ok(ctx, { id: webhook.id })
  }

  /** A new secret, shown once; deliveries sent from now on are signed with it. */
  async rotateSecret(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'manage')
    const webhook = await findScoped(ctx, WebhookConfig, ctx.params.id)
    const secret = newSecret()
    webhook.merge({ secretEncrypted: sealSecret(secret), secretRotatedAt: DateTime.now() })
    await webhook.save()
    return ok(ctx, serializeWebhook(webhook, secret))
  }

  async test(ctx: HttpContext) {
    authorize(ctx, 'webhooks', 'manage')
    await limitTests(ctx)
    const webhook = await findScoped(ctx, WebhookConfig, ctx.params.id)
    const result = await runTest(ctx.tenant.organizationId, {
      kind: 'webhook',
      targetId: webhook.id,
      affiliateId: null,
      url: webhook.url,
      method: 'post',
      secret: openSecret(webhook.secretEncrypted),
      event: webhook.events[0] ?? 'customer.registered',
    })
    return ok(ctx, result)
  }
}
