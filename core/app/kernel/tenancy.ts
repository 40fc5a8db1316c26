/*
 * Tenancy: every tenant table carries organization_id, and every query goes through
 * these helpers, scoped to the organisation resolved from the caller's token by the
 * tenant middleware. A row of another organisation is simply "not found".
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { forbidden, notFound } from './errors.js'
import type User from '#models/user'
import type { OrganizationRestrictions } from './restrictions.js'

export interface Tenant {
  /** The organisation acted on: the caller's own, or a child through `coid`. */
  organizationId: number
  /** The caller's own organisation. */
  homeOrganizationId: number
  userId: number
  role: string
  /** The authenticated user (for an API key: the user the key acts as). */
  user: User
  /** Set when the call is authenticated by an API key. */
  apiKeyId: number | null
  /** Plugins enabled for the organisation acted on. */
  enabledPlugins: ReadonlySet<string>
  /** What the parent organisation forbids the organisation acted on. */
  restrictions: OrganizationRestrictions
  /** `subject:action` pairs the caller holds (spec §6), computed once per request. */
  abilities: ReadonlySet<string>
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    tenant: Tenant
  }
}

export function tenantOf(ctx: HttpContext): Tenant {
  if (!ctx.tenant) throw new Error('tenant middleware did not run for this route')
  return ctx.tenant
}

/** Whether the caller holds an ability; the server-side check every route relies on. */
export function can(ctx: HttpContext, subject: string, action: string): boolean {
  return tenantOf(ctx).abilities.has(`${subject}:${action}`)
}

/** Answers 403 unless the caller holds the ability. */
export function authorize(ctx: HttpContext, subject: string, action: string) {
  if (!can(ctx, subject, action)) throw forbidden()
}

/** A query on a tenant model, already restricted to the caller's organisation. */
export function scoped<Model extends LucidModel>(ctx: HttpContext, model: Model): ModelQueryBuilderContract<Model> {
  return model.query().where(`${model.table}.organization_id`, tenantOf(ctx).organizationId)
}

/** Finds a row of the caller's organisation by id, or answers 404. */
export async function findScoped<Model extends LucidModel>(
  ctx: HttpContext,
  model: Model,
  id: unknown
): Promise<InstanceType<Model>> {
  const numericId = Number(id)
  if (!Number.isSafeInteger(numericId) || numericId <= 0) throw notFound()
  const row = await scoped(ctx, model).where(`${model.table}.id`, numericId).first()
  if (!row) throw notFound()
  return row
}
