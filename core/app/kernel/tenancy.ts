/*
 * Tenancy: every tenant table carries organization_id, and every query goes through
 * these helpers, scoped to the organisation resolved from the caller's token by the
 * tenant middleware. A row of another organisation is simply "not found".
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import db from '@adonisjs/lucid/services/db'
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

/** The organisation a tenant query is about: a request's tenant, or an id (jobs, imports). */
export type TenantScope = HttpContext | number

const organizationOf = (scope: TenantScope) => (typeof scope === 'number' ? scope : tenantOf(scope).organizationId)

/**
 * Queries on tenant tables (those with `organization_id`) that cannot forget the organisation:
 * `from` and `table` start already restricted to it (under the alias when `'table as t'`),
 * `insert` stamps it on every row. `client` is a transaction when the caller is in one.
 * The table-level twin of `scoped(ctx, Model)`; core/tests/unit/tenant_queries.spec.ts fails on
 * a query of a tenant table that neither goes through these nor names its organisation.
 */
export function tenantQuery(scope: TenantScope, client: Pick<QueryClientContract, 'from' | 'insertQuery'> = db) {
  const organizationId = organizationOf(scope)
  const restricted = (table: string): DatabaseQueryBuilderContract => {
    const alias = /\s+as\s+(\w+)\s*$/i.exec(table)?.[1] ?? table.trim()
    return client.from(table).where(`${alias}.organization_id`, organizationId)
  }
  return {
    organizationId,
    /** A select, update or delete on the organisation's rows of `table`. */
    from: restricted,
    table: restricted,
    /** Inserts rows into `table`, each stamped with the organisation. */
    insert(table: string, rows: Record<string, unknown> | Array<Record<string, unknown>>) {
      const list = (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, organization_id: organizationId }))
      return client.insertQuery().table(table).multiInsert(list)
    },
  }
}

/** `scoped(ctx, Model)` for code that has an organisation id rather than a request. */
export function scopedTo<Model extends LucidModel>(
  scope: TenantScope,
  model: Model,
  client?: QueryClientContract
): ModelQueryBuilderContract<Model> {
  return model.query({ client }).where(`${model.table}.organization_id`, organizationOf(scope))
}
