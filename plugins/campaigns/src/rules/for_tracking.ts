/*
 * Caps and targeting of campaigns for the click path, in two queries whatever the number of
 * campaigns. loadTrackingCampaign (services/tracking.ts) adds them to the campaign; the
 * tracking plugin caches it and drops it on the 'campaigns' topic, which every write of caps
 * and rule blocks publishes after commit.
 */
import db from '@adonisjs/lucid/services/db'
import type { CapRule, TargetingBlock } from '../types.js'
import { CAP_LIMIT_COLUMNS, CAP_LIMITS } from './constants.js'

export type TrackingRules = Map<number, { caps: CapRule[]; targeting: TargetingBlock[] }>

export async function rulesForTracking(campaignIds: number[]): Promise<TrackingRules> {
  const ids = [...new Set(campaignIds)].filter((id) => Number.isSafeInteger(id) && id > 0)
  const result: TrackingRules = new Map(ids.map((id) => [id, { caps: [], targeting: [] }]))
  if (!ids.length) return result
  // tenancy: the click path asks for campaigns it loaded by their organisation's link
  const [caps, blocks] = await Promise.all([
    db.from('campaign_caps').whereIn('campaign_id', ids).orderBy('id'),
    db.from('campaign_rule_blocks').whereIn('campaign_id', ids).orderBy('id'),
  ])
  for (const row of caps) {
    const limits: CapRule['limits'] = {}
    for (const period of CAP_LIMITS) {
      const value = row[CAP_LIMIT_COLUMNS[period]]
      if (value !== null) limits[period] = Number(value)
    }
    result.get(Number(row.campaign_id))!.caps.push({
      id: Number(row.id),
      variable: row.variable,
      type: row.type,
      visibility: row.visibility,
      limits,
      action: row.action,
    })
  }
  for (const row of blocks) {
    const block: TargetingBlock = {
      id: Number(row.id),
      name: row.name,
      logic: row.logic,
      conditions: row.conditions ?? [],
    }
    result.get(Number(row.campaign_id))!.targeting.push(block)
  }
  return result
}
