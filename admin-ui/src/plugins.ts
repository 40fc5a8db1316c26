/*
 * The plugin admin modules built into this UI, and the registry of their resources.
 * A plugin is installed here by importing its "./admin" export; whether its screens
 * show is decided per account at runtime (see resourcesFor).
 */
import brands from '@affix/brands/admin'
import affiliates from '@affix/affiliates/admin'
import media from '@affix/media/admin'
import promoCodes from '@affix/promo-codes/admin'
import deepLinks from '@affix/deep-links/admin'
import campaigns from '@affix/campaigns/admin'
import fraud from '@affix/fraud/admin'
import domains from '@affix/domains/admin'
import tracking from '@affix/tracking/admin'
import customers from '@affix/customers/admin'
import payouts from '@affix/payouts/admin'
import postbacks from '@affix/postbacks/admin'
import oauth from '@affix/oauth/admin'
import oidc from '@affix/oidc/admin'
import type { AdminPlugin, AdminResource, Permissions } from './plugin_api'
import { ResourceRegistry } from './resource_registry'

export const installedPlugins: AdminPlugin[] = [
  brands,
  affiliates,
  media,
  promoCodes,
  deepLinks,
  campaigns,
  fraud,
  domains,
  tracking,
  customers,
  payouts,
  postbacks,
  oauth,
  oidc,
]

export const resourceRegistry = installedPlugins.reduce(
  (registry, plugin) => registry.register(plugin),
  new ResourceRegistry()
)

/** The resources of the plugins the account's organisation has enabled. */
export function resourcesFor(
  permissions: Permissions | undefined,
  plugins: AdminPlugin[] = installedPlugins
): AdminResource[] {
  const enabled = new Set(permissions?.enabledPlugins ?? [])
  return plugins.filter((plugin) => enabled.has(plugin.id)).flatMap((plugin) => plugin.resources)
}
