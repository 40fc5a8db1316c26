/*
 * Targeting rule blocks (spec §3 "rule block": name, conditions, logic) evaluated against a
 * click's visitor. Pure and synchronous: the click path calls it on every click.
 *
 * Semantics:
 * - no blocks → every visitor matches (the campaign is not targeted);
 * - a block matches when all (logic 'and') or any (logic 'or') of its conditions hold; a
 *   block without conditions matches everyone;
 * - the campaign matches when ANY of its blocks matches (blocks are alternatives: "BR on
 *   mobile" or "PT on any device").
 * - a condition `in` holds when the visitor's value is one of `values`; `not_in` is its
 *   negation. An attribute the click path could not tell (undefined) never satisfies `in`
 *   and always satisfies `not_in`.
 * - country, device, os, browser compare case-insensitively; language also matches on the
 *   primary tag ("pt" covers "pt-BR", "pt-BR" does not cover "pt-PT"); ip compares
 *   addresses and ip_range tests CIDR blocks ("10.0.0.0/8", "2001:db8::/32") or
 *   "start-end" ranges, IPv4 and IPv6 (IPv4-mapped IPv6 visitors count as IPv4).
 */
import { BlockList, isIP } from 'node:net'
import type { TargetingBlock, TargetingCondition } from '../types.js'

export type TargetingVisitor = {
  country?: string
  device?: string
  os?: string
  browser?: string
  language?: string
  ip: string
}

type Family = 'ipv4' | 'ipv6'

function normalizeIp(ip: string): { address: string; family: Family } | null {
  let address = ip.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) address = mapped[1]
  const version = isIP(address)
  if (version === 4) return { address, family: 'ipv4' }
  if (version === 6) return { address, family: 'ipv6' }
  return null
}

/**
 * Adds one `ip` / `ip_range` value to a block list; false when the value is not an address,
 * a CIDR block or a start-end range of one family (validators use it too).
 */
function addValue(list: BlockList, field: 'ip' | 'ip_range', value: string): boolean {
  if (field === 'ip') {
    const ip = normalizeIp(value)
    if (!ip) return false
    list.addAddress(ip.address, ip.family)
    return true
  }
  if (value.includes('/')) {
    const [base, bits, ...rest] = value.split('/')
    const ip = normalizeIp(base)
    const prefix = Number(bits)
    const max = ip?.family === 'ipv4' ? 32 : 128
    if (!ip || rest.length || !/^\d{1,3}$/.test(bits.trim()) || prefix > max) return false
    list.addSubnet(ip.address, prefix, ip.family)
    return true
  }
  const parts = value.split('-')
  if (parts.length !== 2) return false
  const [start, end] = parts.map(normalizeIp)
  if (!start || !end || start.family !== end.family) return false
  try {
    list.addRange(start.address, end.address, start.family)
  } catch {
    return false // start after end
  }
  return true
}

/** Whether `value` is a valid value for an `ip` or `ip_range` condition. */
export function isValidIpValue(field: 'ip' | 'ip_range', value: string): boolean {
  return addValue(new BlockList(), field, value)
}

// Compiled once per condition object (a cached campaign keeps the same objects).
const compiled = new WeakMap<TargetingCondition, BlockList | Set<string>>()

function compile(condition: TargetingCondition): BlockList | Set<string> {
  let found = compiled.get(condition)
  if (found) return found
  if (condition.field === 'ip' || condition.field === 'ip_range') {
    const list = new BlockList()
    for (const value of condition.values) addValue(list, condition.field, value)
    found = list
  } else {
    found = new Set(condition.values.map((value) => value.trim().toLowerCase()))
  }
  compiled.set(condition, found)
  return found
}

function has(condition: TargetingCondition, visitor: TargetingVisitor): boolean {
  const values = compile(condition)
  if (values instanceof BlockList) {
    const ip = normalizeIp(visitor.ip ?? '')
    return ip !== null && values.check(ip.address, ip.family)
  }
  const raw = visitor[condition.field as Exclude<TargetingCondition['field'], 'ip' | 'ip_range'>]
  if (raw === undefined || raw === null || raw === '') return false
  const value = String(raw).trim().toLowerCase()
  if (values.has(value)) return true
  return condition.field === 'language' && value.includes('-') && values.has(value.split('-')[0])
}

export function conditionHolds(condition: TargetingCondition, visitor: TargetingVisitor): boolean {
  const found = has(condition, visitor)
  return condition.operator === 'not_in' ? !found : found
}

export function blockMatches(block: TargetingBlock, visitor: TargetingVisitor): boolean {
  if (!block.conditions.length) return true
  return block.logic === 'or'
    ? block.conditions.some((condition) => conditionHolds(condition, visitor))
    : block.conditions.every((condition) => conditionHolds(condition, visitor))
}

export function matchesTargeting(blocks: ReadonlyArray<TargetingBlock>, visitor: TargetingVisitor): boolean {
  return blocks.length === 0 || blocks.some((block) => blockMatches(block, visitor))
}
