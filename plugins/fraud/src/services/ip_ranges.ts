/*
 * Data-centre and proxy address ranges, from the range files shipped in ranges/ (or the
 * operator's copies in FRAUD_RANGES_DIR). Loaded once into node:net BlockLists; SIGHUP
 * (or reloadIpRanges) reads them again, so ranges are refreshed without a release.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BlockList, isIP } from 'node:net'
import logger from '@adonisjs/core/services/logger'

export const SHIPPED_RANGES_DIR = fileURLToPath(new URL('../../ranges', import.meta.url))
export const DATACENTER_FILE = 'datacenter-ranges.txt'
export const PROXY_FILE = 'proxy-ranges.txt'

export interface ParsedRanges {
  list: BlockList
  entries: number
  invalid: string[]
}

/** An address without IPv4-mapping, zone id or brackets, with its family; null when not an IP. */
export function normalizeIp(raw: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  let address = String(raw ?? '').trim()
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1)
  address = address.replace(/%.*$/, '')
  if (/^::ffff:/i.test(address) && isIP(address.slice(7)) === 4) address = address.slice(7)
  const version = isIP(address)
  if (!version) return null
  return { address: version === 6 ? address.toLowerCase() : address, family: version === 4 ? 'ipv4' : 'ipv6' }
}

/** Adds one IP or CIDR entry to a list; false when the entry is not one. */
export function addEntry(list: BlockList, entry: string): boolean {
  const [address, prefix, extra] = entry.split('/')
  const ip = normalizeIp(address)
  if (!ip || extra !== undefined) return false
  if (prefix === undefined) {
    list.addAddress(ip.address, ip.family)
    return true
  }
  const bits = Number(prefix)
  if (!/^\d{1,3}$/.test(prefix) || bits > (ip.family === 'ipv4' ? 32 : 128)) return false
  list.addSubnet(ip.address, bits, ip.family)
  return true
}

export function isIpOrCidr(entry: string): boolean {
  return addEntry(new BlockList(), entry)
}

/** A range file: one IP or CIDR per line; `#` starts a comment; bad lines are skipped (and reported). */
export function parseRanges(text: string): ParsedRanges {
  const list = new BlockList()
  let entries = 0
  const invalid: string[] = []
  for (const line of text.split(/\r?\n/)) {
    const entry = line.replace(/#.*$/, '').trim()
    if (!entry) continue
    if (addEntry(list, entry)) entries++
    else invalid.push(entry)
  }
  return { list, entries, invalid }
}

export function checkIp(list: BlockList, ip: string): boolean {
  const normalized = normalizeIp(ip)
  return normalized !== null && list.check(normalized.address, normalized.family)
}

interface Loaded {
  dir: string
  dataCenter: ParsedRanges
  proxy: ParsedRanges
}

let loaded: Loaded | null = null
let sighup = false

/** The operator's directory (FRAUD_RANGES_DIR) or the shipped ranges/. */
export function rangesDir() {
  return process.env.FRAUD_RANGES_DIR?.trim() || SHIPPED_RANGES_DIR
}

function readRangeFile(dir: string, name: string): ParsedRanges {
  // A file missing from the operator's directory falls back to the shipped one.
  const path = existsSync(join(dir, name)) ? join(dir, name) : join(SHIPPED_RANGES_DIR, name)
  const parsed = parseRanges(readFileSync(path, 'utf8'))
  if (parsed.invalid.length) {
    logger.warn(
      { file: path, invalid: parsed.invalid.slice(0, 20) },
      'fraud: skipped %d invalid range lines',
      parsed.invalid.length
    )
  }
  return parsed
}

/** (Re)reads both range files; returns what was loaded. */
export function reloadIpRanges(dir = rangesDir()) {
  loaded = { dir, dataCenter: readRangeFile(dir, DATACENTER_FILE), proxy: readRangeFile(dir, PROXY_FILE) }
  if (!sighup) {
    sighup = true
    process.on('SIGHUP', () => {
      try {
        const result = reloadIpRanges()
        logger.info(result, 'fraud: IP ranges reloaded')
      } catch (error) {
        logger.error({ err: error }, 'fraud: IP ranges reload failed; keeping the previous ones')
      }
    })
  }
  return { dir, dataCenter: loaded.dataCenter.entries, proxy: loaded.proxy.entries }
}

function ranges(): Loaded {
  if (!loaded) reloadIpRanges()
  return loaded!
}

export function classifyIp(ip: string): { dataCenter: boolean; proxy: boolean } {
  const { dataCenter, proxy } = ranges()
  return { dataCenter: checkIp(dataCenter.list, ip), proxy: checkIp(proxy.list, ip) }
}
