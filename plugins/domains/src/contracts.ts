/*
 * What other plugins may use of `domains`: the base URL of an affiliate's tracking links, the
 * organisation's white-label panel address and the organisation a request's host belongs to. Both read an in-process cache (a minute at
 * most), dropped on the 'domains' invalidation topic when a domain changes.
 */
import db from '@adonisjs/lucid/services/db'
import { onInvalidation } from '@affix/core/kernel'

const TTL_MS = 60_000

interface CachedDomain {
  id: number
  name: string
  baseUrl: string
  visibility: 'public' | 'private'
  type: 'tracking' | 'white_label'
  isDefault: boolean
  affiliateIds: ReadonlySet<number>
}

const byOrganization = new Map<number, { expires: number; domains: Promise<CachedDomain[]> }>()
const byHost = new Map<string, { expires: number; organizationId: Promise<number | null> }>()

/** Drops what this process cached of an organisation (the writer calls it at once; other nodes hear the topic). */
export function forgetDomainsOf(organizationId: number) {
  byOrganization.delete(organizationId)
  // A renamed or deleted domain may have been cached under any host.
  byHost.clear()
}

let listening = false
/** Hears other nodes' changes once this process caches anything (never at import time). */
function listenForChanges() {
  if (listening) return
  listening = true
  onInvalidation('domains', ({ organizationId }) => forgetDomainsOf(organizationId))
}

async function readDomains(organizationId: number): Promise<CachedDomain[]> {
  const rows = await db
    .from('domains')
    .where({ organization_id: organizationId, status: 'active' })
    .orderBy('id')
    .select('id', 'name', 'protocol', 'visibility', 'type', 'is_default')
  const links = rows.length
    ? await db
        .from('domain_affiliates')
        .where('organization_id', organizationId)
        .whereIn(
          'domain_id',
          rows.map((row) => row.id)
        )
        .select('domain_id', 'affiliate_id')
    : []
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    baseUrl: `${row.protocol}://${row.name}`,
    visibility: row.visibility,
    type: row.type,
    isDefault: Boolean(row.is_default),
    affiliateIds: new Set(
      links.filter((link) => Number(link.domain_id) === Number(row.id)).map((link) => Number(link.affiliate_id))
    ),
  }))
}

function activeDomains(organizationId: number) {
  listenForChanges()
  const cached = byOrganization.get(organizationId)
  if (cached && cached.expires > Date.now()) return cached.domains
  const domains = readDomains(organizationId)
  byOrganization.set(organizationId, { expires: Date.now() + TTL_MS, domains })
  domains.catch(() => byOrganization.delete(organizationId))
  return domains
}

/**
 * The base URL (protocol://host) of an affiliate's tracking links: its private domain (the
 * default one among several, else the oldest), else the organisation's default public
 * domain, else null (the caller falls back to APP_URL). Only active domains count.
 */
export async function trackingBaseUrlFor(organizationId: number, affiliateId: number | null): Promise<string | null> {
  const domains = await activeDomains(organizationId)
  if (affiliateId !== null) {
    const own = domains.filter((domain) => domain.visibility === 'private' && domain.affiliateIds.has(affiliateId))
    const chosen = own.find((domain) => domain.isDefault) ?? own[0]
    if (chosen) return chosen.baseUrl
  }
  return domains.find((domain) => domain.isDefault && domain.visibility === 'public')?.baseUrl ?? null
}

/**
 * The origin of the organisation's white-label panel address: its active public white-label
 * domain (the default one among several, else the oldest), else null. Core builds the links
 * it mails to the organisation's people on it (PluginDefinition.panelBaseUrl).
 */
export async function panelBaseUrlFor(organizationId: number): Promise<string | null> {
  const panels = (await activeDomains(organizationId)).filter(
    (domain) => domain.type === 'white_label' && domain.visibility === 'public'
  )
  return (panels.find((domain) => domain.isDefault) ?? panels[0])?.baseUrl ?? null
}

/** The host part of a Host header: lower case, without port, brackets or trailing dot. */
function hostOf(raw: string) {
  let host = String(raw ?? '')
    .trim()
    .toLowerCase()
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined)
  host = host.replace(/:\d+$/, '')
  return host.replace(/\.$/, '')
}

/** The organisation an active tracking or white-label domain belongs to; null for any other host. */
export function organizationForHost(host: string): Promise<number | null> {
  const name = hostOf(host)
  if (!name) return Promise.resolve(null)
  listenForChanges()
  const cached = byHost.get(name)
  if (cached && cached.expires > Date.now()) return cached.organizationId
  const organizationId = db
    .from('domains')
    .whereRaw('lower(name) = ?', [name])
    .where('status', 'active')
    .select('organization_id')
    .first()
    .then((row) => (row ? Number(row.organization_id) : null))
  byHost.set(name, { expires: Date.now() + TTL_MS, organizationId })
  organizationId.catch(() => byHost.delete(name))
  return organizationId
}
