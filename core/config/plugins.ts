/*
 * The installed plugins, listed explicitly (ARCHITECTURE §2). The registry validates the
 * graph when this file loads: unique ids, present dependencies, no cycles. A broken graph
 * stops the process with an error that names the problem.
 */
import brands from '@affix/brands'
import affiliates from '@affix/affiliates'
import media from '@affix/media'
import promoCodes from '@affix/promo-codes'
import deepLinks from '@affix/deep-links'
import campaigns from '@affix/campaigns'
import fraud from '@affix/fraud'
import domains from '@affix/domains'
import tracking from '@affix/tracking'
import customers from '@affix/customers'
import payouts from '@affix/payouts'
import postbacks from '@affix/postbacks'
import oauth from '@affix/oauth'
import oidc from '@affix/oidc'
import { PluginRegistry } from '#kernel/plugin'

export const registry = PluginRegistry.create([
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
])

export const migrationPaths = registry.migrationPaths()
export const pluginLangPaths = registry.langPaths()
