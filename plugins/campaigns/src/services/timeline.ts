import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export type TimelineEvent =
  | 'created'
  | 'updated'
  | 'status_changed'
  | 'expired'
  | 'deleted'
  | 'blocked_affiliates_changed'
  | 'groups_changed'
  | 'access_requested'
  | 'access_approved'
  | 'access_rejected'
  | 'cap_reached'
  | 'featured_changed'

/** One line of a campaign's history; `actorId` null means the system did it. */
export async function recordTimeline(
  entry: {
    organizationId: number
    campaignId: number
    actorId: number | null
    event: TimelineEvent
    data?: Record<string, unknown>
  },
  client?: TransactionClientContract
) {
  await (client ?? db)
    .insertQuery()
    .table('campaign_timeline')
    .insert({
      organization_id: entry.organizationId,
      campaign_id: entry.campaignId,
      actor_id: entry.actorId,
      event: entry.event,
      data: JSON.stringify(entry.data ?? {}),
    })
}
