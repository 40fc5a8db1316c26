/*
 * Who sees and changes which postbacks (spec §6): admins and sub-admins every one of the
 * organisation; AFM/ADM those of the affiliates in their team scope; an affiliate its own
 * only, and changes them only when the organisation allows it ("You are not allowed to
 * update the Postback URLs" otherwise). Logs follow the same rule through `affiliate_id`.
 */
import type { HttpContext } from '@adonisjs/core/http'
import {
  authorize,
  checkTrackingUrlMessage,
  forbidden,
  pluginSettings,
  rateLimit,
  teamScopeOf,
  unprocessable,
} from './kernel.js'
import { completeSettings } from './settings.js'

export const SCOPE = 'postbacks'
export const isAffiliate = (ctx: HttpContext) => ctx.tenant.role === 'affiliate'

/** The affiliates whose postbacks and logs the caller sees (null: all, global ones included). */
export async function visibleAffiliateIds(ctx: HttpContext): Promise<number[] | null> {
  if (isAffiliate(ctx)) return [ctx.tenant.userId]
  const scope = await teamScopeOf(ctx)
  return scope.affiliateIds ?? null
}

/**
 * Narrows a query on a table with `affiliate_id` to what the caller sees. It changes the
 * query in place and returns nothing: a query builder is a thenable, so returning it from
 * an async function would run it.
 */
export async function narrow(
  ctx: HttpContext,
  query: { whereIn: (...args: any[]) => any },
  column = 'affiliate_id'
): Promise<void> {
  const ids = await visibleAffiliateIds(ctx)
  if (ids) query.whereIn(column, ids)
}

export async function settingsFor(ctx: HttpContext) {
  return completeSettings(await pluginSettings(ctx, 'postbacks'))
}

/** `postbacks:manage`, and for an affiliate the organisation's permission. */
export async function assertMayManage(ctx: HttpContext) {
  authorize(ctx, 'postbacks', 'manage')
  if (isAffiliate(ctx) && !(await settingsFor(ctx)).affiliatesManagePostbacks)
    throw forbidden('postbacks.errors.not_allowed')
}

export const fieldError = (key: string, field: string, rule = 'invalid') =>
  unprocessable(`postbacks.errors.${key}`, { fields: [{ field, rule }] })

export { checkTrackingUrlMessage }

/**
 * The test tool makes this server call a URL of the caller's choice: 30 tests per panel per
 * 10 minutes, so no panel (an affiliate's included) can turn it into a request cannon.
 */
export async function limitTests(ctx: HttpContext) {
  await rateLimit(ctx, `postbacks:test:${ctx.tenant.userId}`, TESTS_PER_WINDOW, TEST_WINDOW_SECONDS)
}
const TESTS_PER_WINDOW = 30
const TEST_WINDOW_SECONDS = 600
