/*
 * Extension points between plugins, wired only through manifests (ARCHITECTURE §2).
 *
 * A plugin that lets others react or answer defines a point in its `contracts` module and
 * lists it in its manifest's `extensionPoints`; a plugin that contributes lists the
 * contribution in its own manifest (`hooks`, `listeners`). Nothing registers itself by
 * being imported. The registry checks at boot that every contribution targets a declared
 * point of core or of a plugin the contributor depends on.
 *
 * - A **hook** is called synchronously by its owner (e.g. "is this group in use?", "react
 *   to a signup inside its transaction"): `point.contributions()` lists the functions.
 * - An **event** is delivered asynchronously through the job queue: `point.emit(payload,
 *   { trx })` enqueues one job per listening plugin in the caller's transaction, so a
 *   committed write never loses its reaction and a rolled-back one never has any. A
 *   listener runs only while its plugin is enabled for the payload's organisation, and is
 *   retried by the queue when it throws (make it idempotent).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { JobHelpers } from 'graphile-worker'
import { installedPlugins } from './installed_plugins.js'
import { enqueueJob } from '#services/job_queue'

export interface HookPoint<Fn extends (...args: any[]) => any> {
  readonly kind: 'hook'
  readonly owner: string
  readonly name: string
  /** `<owner>.<name>`, unique across the installation. */
  readonly key: string
  /** A contribution for a manifest's `hooks`. */
  provide(fn: Fn): HookContribution<Fn>
  /** The contributed functions, in plugin install order. */
  contributions(): Fn[]
}

export interface HookContribution<Fn = (...args: any[]) => any> {
  readonly point: string
  readonly fn: Fn
}

/** Every event payload names its organisation (listeners of disabled plugins are skipped). */
export interface EventPayload {
  organizationId: number
}

export type EventHandler<Payload> = (payload: Payload, helpers: JobHelpers) => Promise<void>

export interface EventPoint<Payload extends EventPayload> {
  readonly kind: 'event'
  readonly owner: string
  readonly name: string
  readonly key: string
  /** A listener for a manifest's `listeners`. */
  listen(handler: EventHandler<Payload>): EventListener<Payload>
  /** Enqueues the event for every listening plugin, in `trx` when given. */
  emit(payload: Payload, options?: { trx?: TransactionClientContract }): Promise<void>
}

export interface EventListener<Payload = any> {
  readonly event: string
  readonly handler: EventHandler<Payload>
}

export type ExtensionPoint = HookPoint<any> | EventPoint<any>

const NAME = /^[a-z][a-zA-Z0-9]*$/

function pointKey(owner: string, name: string) {
  if (!NAME.test(name)) throw new Error(`extension point name "${name}" must be camelCase`)
  return `${owner}.${name}`
}

export function defineHook<Fn extends (...args: any[]) => any>(owner: string, name: string): HookPoint<Fn> {
  const key = pointKey(owner, name)
  return {
    kind: 'hook',
    owner,
    name,
    key,
    provide: (fn) => ({ point: key, fn }),
    contributions: () =>
      installedPlugins().ordered.flatMap((plugin) =>
        (plugin.hooks ?? []).filter((hook) => hook.point === key).map((hook) => hook.fn as Fn)
      ),
  }
}

/** The job that delivers `eventKey` to `pluginId`'s listener. */
export const listenerJobName = (pluginId: string, eventKey: string) => `${pluginId}:on:${eventKey}`

export function defineEvent<Payload extends EventPayload>(owner: string, name: string): EventPoint<Payload> {
  const key = pointKey(owner, name)
  return {
    kind: 'event',
    owner,
    name,
    key,
    listen: (handler) => ({ event: key, handler }),
    async emit(payload, options = {}) {
      const listeners = installedPlugins().ordered.filter((plugin) =>
        (plugin.listeners ?? []).some((listener) => listener.event === key)
      )
      if (!listeners.length) return
      for (const plugin of listeners) {
        await enqueueJob(listenerJobName(plugin.id, key), payload as unknown as Record<string, unknown>, {
          trx: options.trx,
        })
      }
    },
  }
}
