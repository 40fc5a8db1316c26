import type { HttpContext } from '@adonisjs/core/http'
import {
  authorize,
  created,
  findScoped,
  forbidden,
  list,
  missingIds,
  notFound,
  ok,
  paginate,
  parseList,
  rejectClearedFields,
  scoped,
  validate,
} from '../kernel.js'
import Postback from '../models/postback.js'
import { POSTBACK_LIST } from '../lists.js'
import { createPostbackValidator, testPostbackValidator, updatePostbackValidator } from '../validators.js'
import {
  SCOPE,
  assertMayManage,
  checkTrackingUrlMessage,
  fieldError,
  isAffiliate,
  limitTests,
  narrow,
  visibleAffiliateIds,
} from '../access.js'
import { newSecret, openSecret, sealSecret } from '../delivery/signing.js'
import { runTest } from '../delivery/test_tool.js'

export function serializePostback(postback: Postback, secret?: string) {
  return {
    id: postback.id,
    affiliateId: postback.affiliateId,
    name: postback.name,
    events: postback.events,
    campaignIds: postback.campaignIds,
    method: postback.method,
    url: postback.url,
    maskCustomerId: postback.maskCustomerId,
    hasSecret: Boolean(postback.secretEncrypted),
    ...(secret ? { secret } : {}),
    status: postback.status,
    consecutiveFailures: postback.consecutiveFailures,
    disabledAt: postback.disabledAt?.toISO() ?? null,
    createdAt: postback.createdAt?.toISO() ?? null,
    updatedAt: postback.updatedAt?.toISO() ?? null,
  }
}

async function visible(ctx: HttpContext) {
  const query = scoped(ctx, Postback)
  await narrow(ctx, query)
  return { query }
}

export async function findPostback(ctx: HttpContext, rawId: unknown = ctx.params.id) {
  const id = Number(rawId)
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound()
  const postback = await (await visible(ctx)).query.where('postbacks.id', id).first()
  if (!postback) throw notFound()
  return postback
}

/** The affiliate a new postback belongs to: an affiliate's own; a team member's within its scope. */
async function ownerOf(ctx: HttpContext, requested: number | null | undefined) {
  if (isAffiliate(ctx)) {
    if (requested !== undefined && requested !== null && requested !== ctx.tenant.userId) throw forbidden()
    return ctx.tenant.userId
  }
  if (requested === undefined || requested === null) {
    // A global postback fires for every affiliate: admins and sub-admins only.
    authorize(ctx, 'postbacks.global', 'manage')
    return null
  }
  if ((await missingIds(ctx.tenant.organizationId, 'affiliates', [requested])).length)
    throw fieldError('unknown_affiliate', 'affiliateId', 'exists')
  return requested
}

async function assertCampaigns(ctx: HttpContext, ids: number[] | null | undefined) {
  if (!ids?.length) return
  if ((await missingIds(ctx.tenant.organizationId, 'campaigns', ids)).length)
    throw fieldError('unknown_campaigns', 'campaignIds', 'exists')
}

export default class PostbacksController {
  async index(ctx: HttpContext) {
    authorize(ctx, 'postbacks', 'read')
    const parsed = parseList(ctx, POSTBACK_LIST)
    const page = await paginate((await visible(ctx)).query, parsed, POSTBACK_LIST)
    return list(
      ctx,
      'postback',
      page.rows.map((row) => serializePostback(row)),
      page
    )
  }

  async show(ctx: HttpContext) {
    authorize(ctx, 'postbacks', 'read')
    return ok(ctx, serializePostback(await findPostback(ctx)))
  }

  async store(ctx: HttpContext) {
    await assertMayManage(ctx)
    const data = await validate(ctx, createPostbackValidator, SCOPE)
    const method = data.method ?? 'get'
    checkTrackingUrlMessage(data.url, method)
    const affiliateId = await ownerOf(ctx, data.affiliateId)
    await assertTeamOwns(ctx, affiliateId)
    await assertCampaigns(ctx, data.campaignIds)
    const secret = method === 'post' ? newSecret() : undefined
    const postback = await Postback.create({
      organizationId: ctx.tenant.organizationId,
      affiliateId,
      name: data.name,
      url: data.url,
      events: data.events,
      campaignIds: data.campaignIds?.length ? data.campaignIds : null,
      method,
      maskCustomerId: data.maskCustomerId ?? false,
      status: data.status ?? 'active',
      consecutiveFailures: 0,
      secretEncrypted: secret ? sealSecret(secret) : null,
    })
    return created(ctx, serializePostback(await findScoped(ctx, Postback, postback.id), secret))
  }

  async update(ctx: HttpContext) {
    await assertMayManage(ctx)
    const postback = await findPostback(ctx)
    rejectClearedFields(ctx, ['name', 'url', 'events'], SCOPE)
    const data = await validate(ctx, updatePostbackValidator, SCOPE)
    if (data.affiliateId !== undefined && data.affiliateId !== postback.affiliateId)
      throw fieldError('owner_fixed', 'affiliateId')
    const method = data.method ?? postback.method
    const url = data.url ?? postback.url
    if (data.url !== undefined || data.method !== undefined) checkTrackingUrlMessage(url, method)
    await assertCampaigns(ctx, data.campaignIds)
    let secret: string | undefined
    if (method === 'post' && !postback.secretEncrypted) secret = newSecret()
    postback.merge({
      ...(data.name !== undefined ? { name: data.name } : {}),
      url,
      method,
      ...(data.events ? { events: data.events } : {}),
      ...(data.campaignIds !== undefined ? { campaignIds: data.campaignIds?.length ? data.campaignIds : null } : {}),
      ...(data.maskCustomerId !== undefined ? { maskCustomerId: data.maskCustomerId } : {}),
      ...(secret ? { secretEncrypted: sealSecret(secret) } : {}),
    })
    // Turning a disabled postback back on starts its failure count again.
    if (data.status !== undefined && data.status !== postback.status) {
      postback.status = data.status
      if (data.status === 'active') postback.merge({ consecutiveFailures: 0, disabledAt: null })
    }
    await postback.save()
    return ok(ctx, serializePostback(await findScoped(ctx, Postback, postback.id), secret))
  }

  async destroy(ctx: HttpContext) {
    await assertMayManage(ctx)
    const postback = await findPostback(ctx)
    await postback.delete()
    return ok(ctx, { id: postback.id })
  }

  async rotateSecret(ctx: HttpContext) {
    await assertMayManage(ctx)
    const postback = await findPostback(ctx)
    if (postback.method !== 'post') throw fieldError('secret_needs_post', 'method')
    const secret = newSecret()
    postback.secretEncrypted = sealSecret(secret)
    await postback.save()
    return ok(ctx, serializePostback(postback, secret))
  }

  /** POST /postback-test: a labelled test event at any URL; nothing else is created. */
  async testUrl(ctx: HttpContext) {
    authorize(ctx, 'postbacks', 'read')
    await limitTests(ctx)
    const data = await validate(ctx, testPostbackValidator, SCOPE)
    const method = data.method ?? 'get'
    checkTrackingUrlMessage(data.url, method)
    const result = await runTest(ctx.tenant.organizationId, {
      kind: 'postback',
      targetId: null,
      affiliateId: isAffiliate(ctx) ? ctx.tenant.userId : null,
      url: data.url,
      method,
      secret: data.secret ?? null,
      event: data.event ?? 'registration',
    })
    return ok(ctx, result)
  }

  /** POST /postback/:id/test: the same with a saved postback's URL and secret. */
  async test(ctx: HttpContext) {
    authorize(ctx, 'postbacks', 'read')
    await limitTests(ctx)
    const postback = await findPostback(ctx)
    const result = await runTest(ctx.tenant.organizationId, {
      kind: 'postback',
      targetId: postback.id,
      affiliateId: postback.affiliateId,
      url: postback.url,
      method: postback.method,
      secret: openSecret(postback.secretEncrypted),
      event: (postback.events[0] as string) ?? 'registration',
    })
    return ok(ctx, result)
  }
}

/** A team member with a scope creates postbacks for its own affiliates only. */
async function assertTeamOwns(ctx: HttpContext, affiliateId: number | null) {
  if (isAffiliate(ctx) || affiliateId === null) return
  const visibleIds = await visibleAffiliateIds(ctx)
  if (visibleIds && !visibleIds.includes(affiliateId)) throw fieldError('unknown_affiliate', 'affiliateId', 'exists')
}
