/*
 * The plugin contract and registry (ARCHITECTURE §2).
 *
 * A plugin default-exports `definePlugin({...})`. Core mounts its routes under
 * /api/v1/<id>, behind auth, tenancy and the per-organisation `pluginEnabled` guard, runs
 * its migrations in dependency order and loads its translations. A `platform` plugin is on
 * for every organisation and cannot be switched off by one.
 */
import { relative, resolve } from 'node:path'
import type { ApiRouter } from './api_router.js'
import type { VineValidator } from '@vinejs/vine'

import type { PermissionDefinition } from './permissions.js'
import type { JobHelpers } from 'graphile-worker'
import type { ImportTypeDefinition } from './background_imports.js'
import type { RootRoute } from './root_routes.js'
import type { LookupProvider } from './lookups.js'
import type { EventListener, ExtensionPoint, HookContribution } from './extensions.js'
import type { BrandingImagesProvider } from './branding_images.js'
export type { PermissionDefinition } from './permissions.js'

/** Extension points core itself owns (kernel `panelSignup`, `bearerToken`). */
const CORE_POINTS = new Set(['core.panelSignup', 'core.bearerToken'])

/** `normal`: the demo every fresh start gets (seconds); `large`: a heavy dataset for load and UI checks. */
export type SeedSize = 'normal' | 'large'
export const SEED_SIZES: readonly SeedSize[] = ['normal', 'large']

/** What core seeded before the plugins: the admin and the team members (managers, authors). */
export interface SeedTeam {
  adminId: number
  members: Array<{ id: number; role: 'sub-admin' | 'afm' | 'adm'; name: string }>
}

/**
 * Handed to each plugin's `seed`, in dependency order, inside one transaction. A plugin
 * writes only its own tables and reads what others seeded through their contracts, passing
 * `trx` (the rows are not committed yet). Everything must be deterministic: draw from
 * `random` (seeded per plugin) and date things with `dayAt`, never Math.random or new Date().
 */
export interface SeedContext {
  organizationId: number
  /** Returns a hash suitable for a password column. */
  hashPassword(plain: string): Promise<string>
  /**
   * Gives one of the organisation's seeded panels the known demo password, so the demo's own
   * people can log in (demo data only: nothing an organisation does through the API can).
   */
  giveDemoPassword(userId: number): Promise<void>
  /** The transaction the whole seed runs in. */
  trx: import('@adonisjs/lucid/types/database').TransactionClientContract
  size: SeedSize
  /** This plugin's own deterministic generator (seeded with the plugin id). */
  random: import('./demo_random.js').DemoRandom
  /** The organisation's IANA time zone. */
  timezone: string
  /** The instant the seed treats as now; every demo date is relative to it. */
  now: Date
  /** Today in the organisation's zone, YYYY-MM-DD. */
  today: string
  /** The instant `daysAgo` days before today at `time` (HH:mm, organisation's zone). */
  dayAt(daysAgo: number, time?: string): Date
  team: SeedTeam
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
   * under /api/v1/<id>/public (or `publicMount`) with no auth and no tenant. A handler must
   * find its resource by an unguessable key, then call `assertPluginEnabledFor(resource's
   * organisation, id)` so a plugin switched off for that organisation answers 404.
   */
  publicRoutes?: (router: ApiRouter) => void
  /**
   * Where `publicRoutes` are mounted instead of /api/v1/<id>/public: `path` is relative to
   * /api/v1 and `tag` is their OpenAPI tag, hence their operationId prefix (default: the id).
   * For addresses fixed by a standard or by clients in the field: the OAuth token endpoint
   * sits beside the app's routes (`{ path: 'oauth' }` → /api/v1/oauth/token), and OIDC sign-in
   * keeps the address and names it had in core (`{ path: 'auth/oidc', tag: 'auth' }` →
   * /api/v1/auth/oidc/url, operationId authOidcUrl). The path must name the plugin's id as
   * one of its segments, so a plugin cannot take another's address.
   */
  publicMount?: { path: string; tag?: string }
  /**
   * Platform-level: on for every organisation, never switched per organisation (its
   * configuration is the platform's, e.g. OIDC sign-in from the environment). GET /plugins
   * lists it with `platform: true`; PATCH /plugins/<id> refuses it (422); neither a row of
   * `organization_plugins` nor a parent's restriction turns it off.
   */
  platform?: boolean
  /**
   * Bare Node.js handlers for public paths at the root (e.g. '/c/' for the click redirect),
   * answered before AdonisJS (no router, middleware, auth, tenant or i18n): for hot public
   * endpoints only. The handler owns the response and must check its plugin is enabled for
   * the organisation of the resource it serves.
   */
  rootRoutes?: RootRoute[]
  /** Subjects and actions this plugin adds to the permission catalogue, with role grants. */
  permissions?: PermissionDefinition[]
  /**
   * Entities this plugin answers id lookups for (`existingIds(org, entity, ids)` in the
   * kernel), e.g. `{ campaigns: (organizationId, ids, context) => … }`. One owner per entity.
   */
  lookups?: Record<string, LookupProvider>
  /** The extension points this plugin owns (`defineHook`/`defineEvent` in its contracts). */
  extensionPoints?: ExtensionPoint[]
  /** Contributions to hooks of core or of plugins this one depends on (`point.provide(fn)`). */
  hooks?: HookContribution[]
  /** Listeners of events of core or of plugins this one depends on (`point.listen(handler)`), run by the job queue. */
  listeners?: EventListener[]
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
  /**
   * The origin (protocol://host) of the organisation's own panel address, e.g. a white-label
   * domain, or null: links mailed to its people (invitations, resets…) use it instead of
   * APP_URL (`linkBaseUrl` in the kernel). Asked only while the plugin is enabled there.
   */
  panelBaseUrl?: (organizationId: number) => Promise<string | null>
  /**
   * The URLs of the organisation's logo, login logo and icon (`{ logoUrl, loginLogoUrl,
   * favIconUrl }`, null for none), which core shows in the organisation and account payloads
   * and the login pages' meta (`brandingImagesOf` in the kernel). Asked only while the plugin
   * is enabled there; one plugin at most provides them (the `branding` plugin).
   */
  brandingImages?: BrandingImagesProvider
  /**
   * Demo data for a new organisation (`npm run seed`, first embedded start): this plugin's
   * own rows, sized by `context.size` (see SeedContext for the rules).
   */
  seed?: (context: SeedContext) => Promise<void>
  onEnable?: (organizationId: number) => Promise<void>
  onDisable?: (organizationId: number) => Promise<void>
  /** App shutdown (reverse install order): flush and close what the plugin opened itself (pools, connections). */
  onShutdown?: () => Promise<void>
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/
const MOUNT_PATH = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\/[a-z][a-z0-9]*(-[a-z0-9]+)*)*$/
const CAMEL_TAG = /^[a-z][a-zA-Z0-9-]*$/

/** The path and tag of a plugin's public routes (PluginDefinition.publicMount). */
export function publicMountOf(plugin: Pick<PluginDefinition, 'id' | 'publicMount'>) {
  return {
    prefix: `/api/v1/${plugin.publicMount?.path ?? `${plugin.id}/public`}`,
    tag: plugin.publicMount?.tag ?? plugin.id,
  }
}

/** A public mount looks like a path, names its plugin and is claimed once. */
function validatePublicMounts(plugins: PluginDefinition[]) {
  const claimed = new Map<string, string>()
  for (const plugin of plugins) {
    const mount = plugin.publicMount
    if (!mount) continue
    if (!MOUNT_PATH.test(mount.path) || !mount.path.split('/').includes(plugin.id)) {
      throw new PluginGraphError(
        `"${plugin.id}" mounts its public routes at "${mount.path}": use a path relative to /api/v1 that names the plugin`
      )
    }
    if (mount.tag !== undefined && !CAMEL_TAG.test(mount.tag))
      throw new PluginGraphError(`"${plugin.id}" gives its public routes the tag "${mount.tag}", which is not a tag`)
    const owner = claimed.get(mount.path)
    if (owner) throw new PluginGraphError(`public mount "${mount.path}" is claimed by "${owner}" and "${plugin.id}"`)
    claimed.set(mount.path, plugin.id)
  }
}

/** Single-answer manifest fields: a function, given by one plugin at most. */
function validateProviders(plugins: PluginDefinition[]) {
  let provider: string | undefined
  for (const plugin of plugins) {
    if (plugin.brandingImages === undefined) continue
    if (typeof plugin.brandingImages !== 'function')
      throw new PluginGraphError(`"${plugin.id}" gives brandingImages that is not a function`)
    if (provider) throw new PluginGraphError(`brandingImages is provided by both "${provider}" and "${plugin.id}"`)
    provider = plugin.id
  }
}

export function definePlugin<T extends PluginDefinition>(definition: T): T {
  return definition
}

/**
 * Background work a manifest declares: import types unique per plugin (the import API finds
 * them by plugin and type), cron entries that name one of the plugin's own jobs, on a
 * five-field schedule (graphile-worker's crontab format; a typo would otherwise fail at boot
 * inside the worker, far from the manifest that caused it).
 */
function validateWork(plugins: PluginDefinition[]) {
  for (const plugin of plugins) {
    const types = new Set<string>()
    for (const definition of plugin.imports ?? []) {
      if (types.has(definition.type)) {
        throw new PluginGraphError(`"${plugin.id}" declares import type "${definition.type}" twice`)
      }
      types.add(definition.type)
    }
    for (const entry of plugin.cron ?? []) {
      if (!plugin.jobs?.[entry.job]) {
        throw new PluginGraphError(`"${plugin.id}" schedules job "${entry.job}", which is not one of its jobs`)
      }
      if (entry.schedule.trim().split(/\s+/).length !== 5) {
        throw new PluginGraphError(
          `"${plugin.id}" schedules "${entry.job}" at "${entry.schedule}": a schedule has five fields (minute hour day month weekday)`
        )
      }
    }
  }
}

export class PluginGraphError extends Error {
  constructor(message: string) {
    super(`Plugin registry: ${message}`)
    this.name = 'PluginGraphError'
  }
}

/** Every plugin `id` depends on, directly or not. */
function dependencyClosure(id: string, byId: Map<string, PluginDefinition>, seen = new Set<string>()): Set<string> {
  for (const dependency of byId.get(id)?.dependsOn ?? []) {
    if (seen.has(dependency)) continue
    seen.add(dependency)
    dependencyClosure(dependency, byId, seen)
  }
  return seen
}

/** Lookups have one owner; contributions target declared points of core or of a dependency. */
function validateExtensions(ordered: PluginDefinition[], byId: Map<string, PluginDefinition>) {
  const lookupOwners = new Map<string, string>()
  const points = new Map<string, { owner: string; kind: string }>()
  for (const key of CORE_POINTS) points.set(key, { owner: 'core', kind: 'hook' })
  for (const plugin of ordered) {
    for (const entity of Object.keys(plugin.lookups ?? {})) {
      const owner = lookupOwners.get(entity)
      if (owner) throw new PluginGraphError(`lookup "${entity}" is provided by both "${owner}" and "${plugin.id}"`)
      lookupOwners.set(entity, plugin.id)
    }
    for (const point of plugin.extensionPoints ?? []) {
      if (point.owner !== plugin.id) {
        throw new PluginGraphError(`"${plugin.id}" declares extension point "${point.key}" owned by "${point.owner}"`)
      }
      if (points.has(point.key)) throw new PluginGraphError(`extension point "${point.key}" is declared twice`)
      points.set(point.key, { owner: point.owner, kind: point.kind })
    }
  }
  for (const plugin of ordered) {
    const reachable = dependencyClosure(plugin.id, byId)
    const contributions = [
      ...(plugin.hooks ?? []).map((hook) => ({ key: hook.point, kind: 'hook' })),
      ...(plugin.listeners ?? []).map((listener) => ({ key: listener.event, kind: 'event' })),
    ]
    const listened = new Set<string>()
    for (const { key, kind } of contributions) {
      const point = points.get(key)
      if (!point || point.kind !== kind) {
        throw new PluginGraphError(`"${plugin.id}" contributes to ${kind} "${key}", which no installed plugin declares`)
      }
      if (point.owner !== 'core' && !reachable.has(point.owner)) {
        throw new PluginGraphError(`"${plugin.id}" contributes to "${key}" but does not depend on "${point.owner}"`)
      }
      if (kind === 'event') {
        if (listened.has(key)) throw new PluginGraphError(`"${plugin.id}" listens to "${key}" twice`)
        listened.add(key)
      }
    }
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
    validateExtensions(ordered, byId)
    validatePublicMounts(ordered)
    validateWork(ordered)
    validateProviders(ordered)
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
    return this.ordered.filter((plugin) => plugin.migrations).map((plugin) => relative(appRoot, plugin.migrations!))
  }

  langPaths(): string[] {
    return this.ordered.filter((plugin) => plugin.lang).map((plugin) => plugin.lang!)
  }

  /** The plugin answering lookups of `entity`, if any. */
  lookup(entity: string): LookupProvider | undefined {
    for (const plugin of this.ordered) {
      const provider = plugin.lookups?.[entity]
      if (provider) return provider
    }
    return undefined
  }

  permissions(): Array<PermissionDefinition & { plugin: string }> {
    return this.ordered.flatMap((plugin) =>
      (plugin.permissions ?? []).map((permission) => ({ ...permission, plugin: plugin.id }))
    )
  }
}
