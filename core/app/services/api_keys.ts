/*
 * API keys: `afk_<id>.<secret>`, sent as a bearer token or in `x-api-key`. Only the
 * secret's SHA-256 is stored. A key acts as the user who created it, narrowed to its
 * scopes; it stops working at once when it expires, is revoked, or is used from an
 * address outside its allowed IPs (applied immediately, not after the spec's 10 minutes).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { DateTime } from 'luxon'
import ApiKey, { type ApiKeyScope } from '#models/api_key'
import { AppError, unprocessable } from '#kernel/errors'
import { knownSubjects } from '#services/abilities'
import type { Ability } from '#kernel/permissions'

const KEY_FORMAT = /^afk_(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function looksLikeApiKey(token: string | undefined): token is string {
  return typeof token === 'string' && token.startsWith('afk_')
}

export function newSecret() {
  const secret = randomBytes(32).toString('base64url')
  return { secret, secretHash: sha256(secret), hint: secret.slice(-4) }
}

const unauthorized = (key = 'api_keys.invalid') => new AppError(key, 401, 'unauthorized')

/** Resolves and checks a key presented by a caller at `ip`. */
export async function verifyApiKey(token: string, ip: string): Promise<ApiKey> {
  const match = KEY_FORMAT.exec(token)
  if (!match) throw unauthorized()
  // tenancy: a key is found by its own id and secret, before any organisation is known
  const key = await ApiKey.find(Number(match[1]))
  if (!key || key.revokedAt) throw unauthorized()
  const expected = Buffer.from(key.secretHash, 'hex')
  const given = Buffer.from(sha256(match[2]), 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthorized()
  if (key.expiresAt && key.expiresAt <= DateTime.now()) throw unauthorized('api_keys.expired')
  if (key.allowedIps.length && !ipAllowed(ip, key.allowedIps))
    throw new AppError('api_keys.ip_not_allowed', 403, 'forbidden')
  return key
}

export function ipAllowed(ip: string, allowed: string[]): boolean {
  const list = new BlockList()
  const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')
  for (const entry of allowed) {
    const [address, prefix] = entry.split('/')
    if (prefix !== undefined) list.addSubnet(address, Number(prefix), family(address))
    else list.addAddress(address, family(address))
  }
  const normalized = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  return isIP(normalized) !== 0 && list.check(normalized, family(normalized))
}

/** An allowed-IP entry: an IPv4/IPv6 address or a CIDR block. */
export function isIpOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128)
}

/** The owner's abilities that the key's scopes cover: read → read, write → every other action. */
export function scopeAbilities(abilities: Ability[], scopes: ApiKeyScope[]): Ability[] {
  const byResource = new Map(scopes.map((scope) => [scope.resource, new Set(scope.operations)]))
  return abilities.filter(({ subject, action }) => {
    const operations = byResource.get(subject)
    if (!operations) return false
    return action === 'read' ? operations.has('read') : operations.has('write')
  })
}

/**
 * Scopes of an API key or an OAuth app (spec §5 "Scopes required; resource unique"): each
 * resource once, and a subject that exists. The 422s name the field.
 */
export function assertValidScopes(scopes: ApiKeyScope[]) {
  const resources = scopes.map((scope) => scope.resource)
  const duplicate = resources.findIndex((resource, index) => resources.indexOf(resource) !== index)
  if (duplicate !== -1) {
    throw unprocessable('api_keys.resource_unique', {
      fields: [{ field: `scopes.${duplicate}.resource`, rule: 'unique' }],
    })
  }
  const subjects = knownSubjects()
  const unknown = resources.findIndex((resource) => !subjects.has(resource))
  if (unknown !== -1) {
    throw unprocessable('api_keys.unknown_resource', {
      fields: [{ field: `scopes.${unknown}.resource`, rule: 'exists' }],
    })
  }
}

/** Allowed IPs: addresses or CIDR ranges; the 422 names the bad entry. */
export function assertValidIps(allowedIps: string[] | undefined) {
  const badIp = (allowedIps ?? []).findIndex((entry) => !isIpOrCidr(entry))
  if (badIp !== -1)
    throw unprocessable('api_keys.invalid_ip', { fields: [{ field: `allowedIps.${badIp}`, rule: 'ip' }] })
}
