/*
 * The SSRF guard of outgoing postbacks and webhooks: a target that is, or resolves to, a
 * private, loopback, link-local or otherwise internal address is refused, unless its host
 * (or IP, or CIDR range) is listed in AFFIX_OUTBOUND_ALLOW (comma separated), e.g. for an
 * on-premise receiver or the tests' local receivers. The check runs at connect time on the
 * addresses actually dialled, so a DNS answer that changes between check and send cannot
 * slip through.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

const internal = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(network, prefix, 'ipv6')

export class OutboundRefused extends Error {
  constructor(readonly target: string) {
    super(`outbound target ${target} is an internal address (not in AFFIX_OUTBOUND_ALLOW)`)
    this.name = 'OutboundRefused'
  }
}

interface AllowList {
  hosts: Set<string>
  ranges: BlockList
}

function allowList(): AllowList {
  const hosts = new Set<string>()
  const ranges = new BlockList()
  for (const entry of (process.env.AFFIX_OUTBOUND_ALLOW ?? '').split(',')) {
    const value = entry.trim().toLowerCase()
    if (!value) continue
    const [network, prefix] = value.split('/')
    const family = isIP(network)
    if (family && prefix !== undefined) ranges.addSubnet(network, Number(prefix), family === 4 ? 'ipv4' : 'ipv6')
    else if (family) ranges.addAddress(network, family === 4 ? 'ipv4' : 'ipv6')
    else hosts.add(value)
  }
  return { hosts, ranges }
}

const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

/** Whether `address` (an IP) may be dialled for `host`. */
export function addressAllowed(host: string, address: string): boolean {
  const ip = unmapped(address)
  const family = isIP(ip)
  if (!family) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (!internal.check(ip, type)) return true
  const allowed = allowList()
  return allowed.hosts.has(host.toLowerCase().replace(/^\[|\]$/g, '')) || allowed.ranges.check(ip, type)
}

/** Refuses a URL whose host is an internal IP literal (literals skip the DNS lookup below). */
export function assertLiteralAllowed(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !addressAllowed(host, host)) throw new OutboundRefused(host)
}

/** A `lookup` for the HTTP agent that drops internal addresses of hosts not allowed. */
export function guardedLookup(
  hostname: string,
  options: any,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, [])
    const usable = addresses.filter((entry) => addressAllowed(hostname, entry.address))
    if (!usable.length) return callback(new OutboundRefused(hostname), [])
    if (options?.all) return callback(null, usable)
    callback(null, usable[0].address, usable[0].family)
  })
}
