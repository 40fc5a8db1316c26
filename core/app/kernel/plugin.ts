/*
 * The plugin contract and registry (ARCHITECTURE §2).
 *
 * A plugin default-exports `definePlugin({...})`. Core mounts its routes under
 * /api/v1/<id>, behind auth, tenancy and the per-organisation `pluginEnabled` guard, runs
 * its migrations in dependency order and loads its translations.
 */
import { relative, resolve } from 'node:path'
import type { ApiRouter } from './api_router.js'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { VineValidator } from '@vinejs/vine'

import type { PermissionDefinition } from './permissions.js'
import type { JobHelpers } from 'graphile-worker'
import type { ImportTypeDefinition } from './background_imports.js'
import type { RootRoute } from './root_routes.js'
export type { PermissionDefinition } from './permissions.js'

export interface SeedContext {
  organizationId: number
  /** Returns a hash suitable for a password column. */
  hashPassword(plain: string): Promise<string>
  /** The transaction the whole seed runs in. */
  trx: import("@adonisjs/lucid/types/database").TransactionClientContract
}

export interface PluginDefinition {
  /** kebab-case, never renamed: folder, table prefix, OpenAPI tag, CLI topic. */
  id: string
  name: string
  description?: string
  dependsOn?: string[]
  /** Absolute path of the plugin's migrations folder. */
  migrations?: string
  /** Absolute path of the plugin's server-side translations (resources/lang layout). */
  lang?: string
  /** Registers the plugin's routes; core mounts them under /api/v1/<id>. */
  routes?: (router: ApiRouter) => void
  /**
   * Unauthenticated routes (e.g. creatives pasted on affiliates' sites); core mounts them
   * under /api/v1/<id>/public with no auth and no tenant. A handler must find its resource
   * by an unguessable key, then call `assertPluginEnabledFor(resource's organisation, id)`
   * so a plugin switched off for that organisation answers 404.
   */
  publicRoutes?: (router: ApiRouter) => void
  /**
   * Bare Node.js handlers for public paths at the root (e.g. '/c/' for the click redirect),
   * answered before AdonisJS (no router, middleware, auth, tenant or i18n): for hot public
   * endpoints only. The handler owns the response and must check its plugin is enabled for
   * the organisation of the resource it serves.
   */
  rootRoutes?: RootRoute[]
  /** Subjects and actions this plugin adds to the permission catalogue, with role grants. */
  permissions?: PermissionDefinition[]
  /** Tenant-owned models, so core can prove isolation and purge nothing by mistake. */
  models?: () => Promise<LucidModel[]>
  /**
   * Per-organisation settings: a VineJS validator of the whole settings object (its JSON
   * Schema drives the generated settings form of the admin UI) and the defaults. Read them
   * with `pluginSettings(ctx, id)`; admins change them with PUT /api/v1/plugins/<id>/settings.
   */
  settings?: { validator: VineValidator<any, any>; defaults: Record<string, unknown> }
  /**
   * Queue handlers, run by the job worker as `<pluginId>:<name>`; enqueue them with
   * `enqueueJob('<pluginId>:<name>', payload, { trx })` in the business write's transaction.
   * A handler that throws is retried (graphile-worker's backoff), so make it idempotent.
   */
  jobs?: Record<string, (payload: any, helpers: JobHelpers) => Promise<void>>
  /**
   * Periodic work: each entry runs one of this plugin's `jobs` on a cron schedule
   * (graphile-worker's cron: one run per schedule across every node, no backfill).
   */
  cron?: Array<{ job: string; schedule: string }>
  /** Background CSV import types (`defineImportType`), started with `startImport(ctx, type)`. */
  imports?: ImportTypeDefinition<any>[]
  /** Demo data for a new organisation (`npm run seed`, first embedded start). */
  seed?: (context: SeedContext) => Promise<void>
  onEnable?: (organizationId: number) => Promise<void>
  onDisable?: (organizationId: number) => Promise<void>
  /** App shutdown (reverse install order): flush and close what the plugin opened itself (pools, connections). */
  onShutdown?: () => Promise<void>
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

export function definePlugin<T extends PluginDefinition>(definition: T): T {
  return definition
}

export class PluginGraphError extends Error {
  constructor(message: string) {
    super(`Plugin registry: ${message}`)
    this.name = 'PluginGraphError'
  }
}

export class PluginRegistry {
  /** Plugins in dependency order: every plugin comes after the ones it depends on. */
  readonly ordered: PluginDefinition[]
  private readonly byId: Map<string, PluginDefinition>

  private constructor(ordered: PluginDefinition[]) {
    this.ordered = ordered
    this.byId = new Map(ordered.map((plugin) => [plugin.id, plugin]))
  }

  /** Validates the graph (ids, duplicates, dependencies, cycles) and orders it. */
  static create(plugins: PluginDefinition[]): PluginRegistry {
    const byId = new Map<string, PluginDefinition>()
    for (const plugin of plugins) {
      if (!PLUGIN_ID.test(plugin.id)) {
        throw new PluginGraphError(`"${plugin.id}" is not a kebab-case plugin id`)
      }
      if (byId.has(plugin.id)) throw new PluginGraphError(`plugin id "${plugin.id}" is installed twice`)
      byId.set(plugin.id, plugin)
    }
    for (const plugin of plugins) {
      for (const dependency of plugin.dependsOn ?? []) {
        if (!byId.has(dependency)) {
          throw new PluginGraphError(`"${plugin.id}" depends on "${dependency}", which is not installed`)
        }
      }
    }

    const ordered: PluginDefinition[] = []
    const state = new Map<string, 'visiting' | 'done'>()
    const visit = (id: string, path: string[]) => {
      if (state.get(id) === 'done') return
      if (state.get(id) === 'visiting') {
        const cycle = [...path.slice(path.indexOf(id)), id]
        throw new PluginGraphError(`dependency cycle ${cycle.join(' -> ')}`)
      }
      state.set(id, 'visiting')
      for (const dependency of byId.get(id)!.dependsOn ?? []) visit(dependency, [...path, id])
      state.set(id, 'done')
      ordered.push(byId.get(id)!)
    }
    for (const plugin of plugins) visit(plugin.id, [])
    return new PluginRegistry(ordered)
  }

  get(id: string): PluginDefinition | undefined {
    return this.byId.get(id)
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  /** Migration folders relative to core's root (Lucid resolves them from there). */
  migrationPaths(appRoot = resolve(import.meta.dirname, '../..')): string[] {
    return this.ordered
      .filter((plugin) => plugin.migrations)
      .map((plugin) => relative(appRoot, plugin.migrations!))
  }

  langPaths(): string[] {
    return this.ordered.filter((plugin) => plugin.lang).map((plugin) => plugin.lang!)
  }

  permissions(): Array<PermissionDefinition & { plugin: string }> {
    return this.ordered.flatMap((plugin) =>
      (plugin.permissions ?? []).map((permission) => ({ ...permission, plugin: plugin.id }))
    )
  }
}
