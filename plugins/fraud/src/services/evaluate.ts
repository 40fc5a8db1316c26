/*
 * The click-path side of fraud rules: rules compiled once per load (ip lists into
 * BlockLists, user agents lower-cased, scopes into Sets), then evaluated per click without I/O.
 */
import { BlockList } from 'node:net'
import { UAParser } from 'ua-parser-js'
import { isBot } from 'ua-parser-js/bot-detection'
import type { DeviceType, FraudAction, FraudType, OsName, Selection } from '../models/fraud_rule.js'
import { addEntry, checkIp, classifyIp } from './ip_ranges.js'

export interface FraudVerdict {
  action: 'none' | 'mark' | 'block'
  ruleIds: number[]
  reasons: Array<'data_center' | 'proxy' | 'blacklist' | 'device'>
}

export interface FraudClick {
  ip: string
  userAgent: string
  /** The device type when the caller already knows it; otherwise it is read from the user agent. */
  device?: string
  brandId: number
  campaignId: number
  affiliateId: number
}

interface Scope {
  selection: Selection
  ids: ReadonlySet<number>
}

export interface CompiledFraudRule {
  id: number
  action: FraudAction
  type: FraudType
  brands: Scope
  campaigns: Scope
  affiliates: Scope
  ipList: BlockList | null
  userAgents: string[]
  devices: ReadonlySet<DeviceType>
  os: ReadonlySet<OsName>
}

export interface FraudRuleSet {
  organizationId: number
  rules: ReadonlyArray<CompiledFraudRule>
}

/** The stored shape of a rule (camelCase), as the loader and the tests give it. */
export interface FraudRuleInput {
  id: number
  action: FraudAction
  type: FraudType
  brandSelection: Selection
  brandIds: number[]
  campaignSelection: Selection
  campaignIds: number[]
  affiliateSelection: Selection
  affiliateIds: number[]
  ips?: string[]
  userAgents?: string[]
  devices?: DeviceType[]
  os?: OsName[]
}

export function compileFraudRules(organizationId: number, rules: FraudRuleInput[]): FraudRuleSet {
  return {
    organizationId,
    rules: rules.map((rule) => {
      let ipList: BlockList | null = null
      if (rule.type === 'blacklist' && rule.ips?.length) {
        ipList = new BlockList()
        for (const entry of rule.ips) addEntry(ipList, entry)
      }
      return {
        id: rule.id,
        action: rule.action,
        type: rule.type,
        brands: { selection: rule.brandSelection, ids: new Set(rule.brandIds.map(Number)) },
        campaigns: { selection: rule.campaignSelection, ids: new Set(rule.campaignIds.map(Number)) },
        affiliates: { selection: rule.affiliateSelection, ids: new Set(rule.affiliateIds.map(Number)) },
        ipList,
        userAgents:
          rule.type === 'blacklist' ? (rule.userAgents ?? []).map((agent) => agent.toLowerCase()).filter(Boolean) : [],
        devices: new Set(rule.type === 'device' ? (rule.devices ?? []) : []),
        os: new Set(rule.type === 'device' ? (rule.os ?? []) : []),
      }
    }),
  }
}

function inScope(scope: Scope, id: number) {
  if (scope.selection === 'include') return scope.ids.has(id)
  if (scope.selection === 'exclude') return !scope.ids.has(id)
  return true
}

const OS_KEYS: Record<string, OsName> = {
  windows: 'windows',
  macos: 'macos',
  'mac os': 'macos',
  ios: 'ios',
  ipados: 'ios',
  android: 'android',
  'chrome os': 'chromeos',
  'chromium os': 'chromeos',
  chromeos: 'chromeos',
  linux: 'linux',
  ubuntu: 'linux',
  debian: 'linux',
  fedora: 'linux',
  'red hat': 'linux',
  'linux mint': 'linux',
  arch: 'linux',
  centos: 'linux',
  gentoo: 'linux',
  suse: 'linux',
  manjaro: 'linux',
}

const MOBILE_TYPES = new Set(['mobile', 'wearable'])

interface ParsedAgent {
  os: OsName
  bot: boolean
  device: DeviceType
}
// Parsing a user agent costs tens of microseconds and a device rule asks on every click;
// real traffic repeats a few thousand agents, so each is parsed once (bounded, cleared when full).
const parsedAgents = new Map<string, ParsedAgent>()
const MAX_PARSED_AGENTS = 20_000

function parseAgent(agent: string): ParsedAgent {
  const known = parsedAgents.get(agent)
  if (known) return known
  const result = new UAParser(agent).getResult()
  const os = OS_KEYS[(result.os.name ?? '').toLowerCase()] ?? 'other'
  const type = result.device.type
  const parsed: ParsedAgent = {
    os,
    bot: !agent.trim() || isBot(agent),
    device: type === 'tablet' ? 'tablet' : type && MOBILE_TYPES.has(type) ? 'mobile' : 'desktop',
  }
  if (parsedAgents.size >= MAX_PARSED_AGENTS) parsedAgents.clear()
  parsedAgents.set(agent, parsed)
  return parsed
}

/** Device type and OS key of a user agent; a bot (or no user agent at all) is device 'bot'. */
export function describeUserAgent(userAgent: string, knownDevice?: string): { device: DeviceType; os: OsName } {
  const parsed = parseAgent(userAgent ?? '')
  if (parsed.bot) return { device: 'bot', os: parsed.os }
  const given = knownDevice?.toLowerCase()
  if (given === 'desktop' || given === 'mobile' || given === 'tablet' || given === 'bot')
    return { device: given, os: parsed.os }
  return { device: parsed.device, os: parsed.os }
}

/**
 * The verdict of a click against an organisation's active rules: every rule whose scope
 * covers the click's brand, campaign and affiliate and whose condition matches counts;
 * block wins over mark.
 */
export function evaluateFraud(rules: FraudRuleSet, click: FraudClick): FraudVerdict {
  const matched: CompiledFraudRule[] = []
  let ipClass: { dataCenter: boolean; proxy: boolean } | null = null
  let agent: { device: DeviceType; os: OsName } | null = null
  const lowerAgent = (click.userAgent ?? '').toLowerCase()
  for (const rule of rules.rules) {
    if (
      !inScope(rule.brands, click.brandId) ||
      !inScope(rule.campaigns, click.campaignId) ||
      !inScope(rule.affiliates, click.affiliateId)
    )
      continue
    let hit = false
    switch (rule.type) {
      case 'data_center':
        ipClass ??= classifyIp(click.ip)
        hit = ipClass.dataCenter
        break
      case 'proxy':
        ipClass ??= classifyIp(click.ip)
        hit = ipClass.proxy
        break
      case 'blacklist':
        // Any listed entry: an address in a listed range, or a listed user-agent fragment.
        hit =
          (rule.ipList !== null && checkIp(rule.ipList, click.ip)) ||
          rule.userAgents.some((fragment) => lowerAgent.includes(fragment))
        break
      case 'device':
        // Every list the rule sets must match (e.g. mobile AND android); an empty list is "any".
        if (!rule.devices.size && !rule.os.size) break
        agent ??= describeUserAgent(click.userAgent, click.device)
        hit = (!rule.devices.size || rule.devices.has(agent.device)) && (!rule.os.size || rule.os.has(agent.os))
        break
    }
    if (hit) matched.push(rule)
  }
  if (!matched.length) return { action: 'none', ruleIds: [], reasons: [] }
  return {
    action: matched.some((rule) => rule.action === 'block') ? 'block' : 'mark',
    ruleIds: matched.map((rule) => rule.id).sort((a, b) => a - b),
    reasons: [...new Set(matched.map((rule) => rule.type))],
  }
}
