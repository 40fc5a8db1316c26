/*
 * The click decision (issue 6): from cached campaign, affiliate and fraud data, decide
 * redirect | fallback | rejected with a reason, take the cap counters, record the click
 * (lossless: the answer waits for the commit) and build the destination. No database read
 * on a warm cache; one Redis round trip when the campaign has click caps.
 */
import logger from '@adonisjs/core/services/logger'
import { onInvalidation } from '@affix/core/kernel'
import { newClickId } from './click_id.js'
import { cachedCapPeriods, CAP_PERIODS } from './cap_periods.js'
import type { CapCheck, CapCounters } from './cap_counters.js'
import type { ClickRow, ClickWriter } from './click_writer.js'
import type { ClickSources } from './sources.js'
import { TtlCache } from './ttl_cache.js'
import { PARAM_NAMES, substituteMacros } from './macros.js'
import { agentOf, countryOf, languageOf } from './visitor.js'
import type {
  CapRule,
  ClickOutcome,
  ClickReason,
  FraudRuleSet,
  FraudVerdict,
  TrackingAffiliate,
  TrackingCampaign,
} from './types.js'

export interface ClickRequest {
  /** The raw path segment after /c/. */
  campaignId: string
  query: URLSearchParams
  ip: string
  userAgent?: string
  acceptLanguage?: string
  referrer?: string
  /** Short links: the affiliate fixed by the link (wins over pub_id). */
  affiliateId?: number | null
}

export interface ClickAnswer {
  status: 302 | 404 | 410 | 503
  location?: string
  clickId?: string
  outcome?: ClickOutcome
  reason?: ClickReason | null
}

export interface ClickEngineOptions {
  sources: ClickSources
  counters: CapCounters
  writer: ClickWriter
  now?: () => number
  ttlMs?: number
}

const MAX_INT = 2_147_483_647
const NO_FRAUD: FraudVerdict = { action: 'none', ruleIds: [], reasons: [] }

function toId(raw: string | null | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 && id <= MAX_INT ? id : null
}

// String#toWellFormed without an ES2024 lib: a high surrogate not followed by a low one, or a low one not after a high one.
const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE)
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE_SOURCE, 'g')

/**
 * PostgreSQL text refuses NUL and jsonb refuses lone surrogates (a cut emoji); long values
 * are cut, so one odd click never fails its batch.
 */
function clean(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined || value === '') return null
  let text = value.length > max ? value.slice(0, max) : value
  if (text.includes('\u0000')) text = text.replaceAll('\u0000', '')
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATE_ALL, '\uFFFD') : text
}

const MAX_PARAMS_JSON = 8000

/** The click's parameters as JSON within MAX_PARAMS_JSON: whole parameters are dropped, the JSON is never cut. */
function paramsJson(params: Record<string, string>): string {
  const entries = Object.entries(params)
  let json = JSON.stringify(params)
  while (json.length > MAX_PARAMS_JSON && entries.length) {
    entries.pop()
    json = JSON.stringify(Object.fromEntries(entries))
  }
  return json
}

/**
 * A Location header takes visible ASCII only: a template with spaces or non-ASCII text goes
 * out in its parsed, percent-encoded form; null when nothing valid can be made of it.
 */
function headerSafe(location: string): string | null {
  if (!/[^\x21-\x7e]/.test(location)) return location
  try {
    return new URL(location).href
  } catch {
    try {
      return encodeURI(location)
    } catch {
      return null
    }
  }
}

export class ClickEngine {
  readonly campaigns: TtlCache<number, TrackingCampaign | null>
  readonly affiliates: TtlCache<number, TrackingAffiliate | null>
  readonly fraudRules: TtlCache<number, FraudRuleSet | null>
  readonly enabled: TtlCache<number, boolean>
  readonly shortLinks: TtlCache<string, Awaited<ReturnType<ClickSources['resolveShortLink']>>>
  private readonly sources: ClickSources
  private readonly counters: CapCounters
  readonly writer: ClickWriter
  now: () => number
  private readonly capActionsTaken = new Map<string, number>()
  private readonly unsubscribe: Array<() => void> = []

  constructor(options: ClickEngineOptions) {
    this.sources = options.sources
    this.counters = options.counters
    this.writer = options.writer
    this.now = options.now ?? Date.now
    const ttl = options.ttlMs ?? 60_000
    this.campaigns = new TtlCache((id) => this.sources.loadCampaign(id), ttl)
    this.affiliates = new TtlCache((id) => this.sources.loadAffiliate(id), ttl)
    this.fraudRules = new TtlCache((orgId) => this.sources.loadFraudRules(orgId), ttl)
    this.enabled = new TtlCache((orgId) => this.sources.trackingEnabled(orgId), ttl)
    this.shortLinks = new TtlCache((token) => this.sources.resolveShortLink(token), ttl)
  }

  /** Drops cached data when its owner publishes a change (any node, through Redis). */
  listen() {
    const byOrg = (organizationId: number, id?: number) =>
      this.campaigns.deleteWhere((key, campaign) =>
        id === undefined ? campaign?.organizationId === organizationId || campaign === null : key === id
      )
    this.unsubscribe.push(
      onInvalidation('campaigns', ({ organizationId, id }) => byOrg(organizationId, id)),
      onInvalidation('deep-links', ({ organizationId }) => byOrg(organizationId)),
      onInvalidation('short-links', () => this.shortLinks.clear()),
      onInvalidation('panels', ({ organizationId, id }) =>
        id === undefined
          ? this.affiliates.deleteWhere(
              (_key, affiliate) => affiliate === null || affiliate.organizationId === organizationId
            )
          : this.affiliates.delete(id)
      ),
      onInvalidation('fraud-rules', ({ organizationId }) => this.fraudRules.delete(organizationId)),
      onInvalidation('plugins', ({ organizationId }) => this.enabled.delete(organizationId))
    )
    return this
  }

  stop() {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe()
  }

  closeCounters() {
    return this.counters.close()
  }

  async handle(request: ClickRequest): Promise<ClickAnswer> {
    const now = this.now()
    const query = request.query
    const campaignId = toId(request.campaignId)
    const campaignOrPromise = campaignId === null ? null : this.campaigns.get(campaignId)
    const campaign = campaignOrPromise instanceof Promise ? await campaignOrPromise : campaignOrPromise

    const clickId = newClickId(now)
    const userAgent = request.userAgent ?? ''
    const agent = userAgent ? agentOf(userAgent) : undefined
    const visitor = {
      ip: request.ip,
      country: countryOf(request.ip),
      device: agent?.device,
      os: agent?.os,
      browser: agent?.browser,
      language: languageOf(request.acceptLanguage),
    }
    const params: Record<string, string> = {}
    let hasParams = false
    for (const name of PARAM_NAMES) {
      const value = query.get(name)
      const kept = clean(value, 255)
      if (kept !== null) {
        params[name] = kept
        hasParams = true
      }
    }
    const pubId = query.get('pub_id') ?? ''
    const source = query.get('source') ?? ''
    const row: ClickRow = {
      clickId,
      createdAt: now,
      organizationId: campaign?.organizationId ?? null,
      campaignId: campaign ? campaign.id : campaignId,
      brandId: campaign?.brandId ?? null,
      affiliateId: null,
      outcome: 'redirect',
      reason: null,
      ip: clean(request.ip, 64) ?? '',
      country: visitor.country ?? null,
      device: clean(visitor.device, 32),
      os: clean(visitor.os, 64),
      browser: clean(visitor.browser, 64),
      language: clean(visitor.language, 16),
      userAgent: clean(userAgent, 512),
      referrer: clean(request.referrer, 2048),
      source: clean(source, 255),
      params: hasParams ? paramsJson(params) : null,
      deepLinkId: null,
      deepLinkUrl: null,
      urlIgnored: false,
      destination: null,
      fraudAction: null,
      fraud: null,
    }

    if (!campaign) return this.finish(row, 'unknown_campaign', null, 404)
    const enabledOrPromise = this.enabled.get(campaign.organizationId)
    if (!(enabledOrPromise instanceof Promise ? await enabledOrPromise : enabledOrPromise)) return { status: 404 }

    const affiliateId = request.affiliateId ?? toId(pubId)
    if (affiliateId !== null) row.affiliateId = affiliateId
    const affiliateOrPromise = affiliateId === null ? null : this.affiliates.get(affiliateId)
    const affiliate = affiliateOrPromise instanceof Promise ? await affiliateOrPromise : affiliateOrPromise
    if (affiliate && affiliate.organizationId !== campaign.organizationId) row.affiliateId = null

    const macros: Record<string, string | undefined> = {
      ...params,
      click_id: clickId,
      source,
      campaign_id: String(campaign.id),
      pub_id: pubId,
    }
    const fallback = (reason: ClickReason) =>
      this.finish(
        row,
        reason,
        campaign.fallbackUrl ? substituteMacros(campaign.fallbackUrl, macros) : null,
        reason === 'expired' || reason === 'disabled' ? 410 : 404
      )

    if (!affiliate || !affiliate.active || affiliate.organizationId !== campaign.organizationId)
      return fallback('unknown_affiliate')
    if (campaign.status === 'paused') return fallback('paused')
    if (campaign.status !== 'active') return fallback('disabled')
    if (campaign.expiresAt !== null && campaign.expiresAt <= now) return fallback('expired')
    if (campaign.blockedAffiliateIds.has(affiliate.id)) return fallback('blocked_affiliate')
    if (campaign.visibility === 'private' && !campaign.approvedAffiliateIds?.has(affiliate.id))
      return fallback('not_approved')
    if (!this.sources.matchesTargeting(campaign.targeting, visitor)) return fallback('targeting')

    const rulesOrPromise = this.fraudRules.get(campaign.organizationId)
    const rules = rulesOrPromise instanceof Promise ? await rulesOrPromise : rulesOrPromise
    const verdict = rules
      ? this.sources.evaluateFraud(rules, {
          ip: request.ip,
          userAgent,
          device: visitor.device,
          brandId: campaign.brandId,
          campaignId: campaign.id,
          affiliateId: affiliate.id,
        })
      : NO_FRAUD
    if (verdict.action !== 'none') {
      row.fraudAction = verdict.action
      row.fraud = JSON.stringify({ ruleIds: verdict.ruleIds, reasons: verdict.reasons })
      if (verdict.action === 'block') return fallback('fraud_block')
    }

    // Destination: a deep link of the campaign (deep_link=<id>), or `url` when its host is allowed.
    let destination = campaign.defaultUrl
    const deepLinkParam = toId(query.get('deep_link'))
    const link =
      deepLinkParam === null ? undefined : campaign.deepLinks.find((candidate) => candidate.id === deepLinkParam)
    if (link) {
      destination = link.url
      row.deepLinkId = link.id
      row.deepLinkUrl = clean(link.url, 2048)
    }
    const url = query.get('url')
    if (url) {
      let host: string | null = null
      let normalized = url
      try {
        const parsed = new URL(url)
        if (parsed.protocol === 'https:' || parsed.protocol === 'http:') host = parsed.hostname.toLowerCase()
        // The parser's form: control characters (CR, LF) gone, the rest percent-encoded.
        normalized = parsed.href
      } catch {}
      if (!link && host !== null && campaign.allowedDeepLinkHosts.has(host)) {
        destination = normalized
        row.deepLinkUrl = clean(normalized, 2048)
        // {url} carries only an accepted URL: a foreign one must not reach a redirector of the brand.
        macros.url = normalized
      } else if (!link) row.urlIgnored = true
    }

    const full = await this.takeCaps(campaign, affiliate.id, now)
    if (full) {
      if (full.action !== 'reject_activity') this.capAction(campaign, full.action)
      return fallback('cap_reached')
    }
    return this.finish(row, null, substituteMacros(destination, macros), 302)
  }

  private async takeCaps(campaign: TrackingCampaign, affiliateId: number, now: number): Promise<CapRule | null> {
    let checks: CapCheck[] | undefined
    let rules: CapRule[] | undefined
    for (const cap of campaign.caps) {
      if (cap.variable !== 'clicks') continue
      const buckets = cachedCapPeriods(now, campaign.timezone)
      for (const period of CAP_PERIODS) {
        const limit = cap.limits[period]
        if (limit === undefined || limit === null) continue
        const bucket = buckets[period]
        ;(checks ??= []).push({
          key: `{c${campaign.id}}:${cap.id}:${bucket.key}${cap.type === 'each_affiliate' ? `:a${affiliateId}` : ''}`,
          limit,
          endsAt: bucket.endsAt,
        })
        ;(rules ??= []).push(cap)
      }
    }
    if (!checks) return null
    const full = await this.counters.take(checks)
    return full ? rules![full - 1] : null
  }

  /** pause/disable once per node and campaign (campaigns' applyCapAction is idempotent across nodes). */
  private capAction(campaign: TrackingCampaign, action: CapRule['action']) {
    const key = `${campaign.id}:${action}`
    const now = Date.now()
    if ((this.capActionsTaken.get(key) ?? 0) > now) return
    this.capActionsTaken.set(key, now + 10_000)
    this.sources.applyCapAction(campaign.organizationId, campaign.id, action).catch((error) => {
      this.capActionsTaken.delete(key)
      logger.error({ err: error, campaignId: campaign.id, action }, 'tracking: cap action failed')
    })
  }

  private async finish(
    row: ClickRow,
    reason: ClickReason | null,
    location: string | null,
    statusWithoutLocation: 404 | 410 | 302
  ): Promise<ClickAnswer> {
    // A Location header takes visible ASCII only: a template with spaces or non-ASCII text is sent in its parsed, encoded form.
    if (location) location = headerSafe(location)
    row.reason = reason
    row.outcome = reason === null ? 'redirect' : location ? 'fallback' : 'rejected'
    row.destination = clean(location, 4096)
    try {
      await this.writer.write(row)
    } catch {
      return { status: 503, outcome: row.outcome as ClickOutcome, reason }
    }
    if (location) return { status: 302, location, clickId: row.clickId, outcome: row.outcome as ClickOutcome, reason }
    return {
      status: statusWithoutLocation === 302 ? 404 : statusWithoutLocation,
      clickId: row.clickId,
      outcome: row.outcome as ClickOutcome,
      reason,
    }
  }
}
