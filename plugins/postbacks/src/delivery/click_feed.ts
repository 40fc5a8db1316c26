/*
 * The `click.recorded` webhook feed. The click path (tracking plugin) answers a click as soon
 * as its row is committed and emits nothing, so that nothing is added to it; instead this job
 * (cron, every minute) reads the click log of each organisation that has an active webhook on
 * `click.recorded`, through the tracking contract, from a cursor (time, click id), and queues
 * one webhook delivery per slice of up to CLICKS_PER_DELIVERY clicks. The deliveries and the
 * cursor move in one transaction, so a crash re-reads the same slices and makes the same event
 * ids (nothing sent twice under two ids, nothing skipped).
 *
 * A click row carries the time of the click, taken before its batch insert commits; the feed
 * reads only clicks older than a lag (AFFIX_CLICK_FEED_LAG_SECONDS, default 30 s: the click
 * writer's statement timeout is 10 s) so a row committed late is not passed over.
 */
import db from '@adonisjs/lucid/services/db'
import { clicksRecordedBetween } from '@affix/tracking/contracts'
import { fanOutWebhooks } from './fanout.js'

export const CLICK_EVENT = 'click.recorded'
export const CLICKS_PER_DELIVERY = 500
/** Slices per organisation and run: the next run (a minute later) goes on from the cursor. */
const SLICES_PER_RUN = 200
const ZERO_UUID = '00000000-0000-0000-0000-000000000000'

const lagSeconds = () => {
  const value = Number(process.env.AFFIX_CLICK_FEED_LAG_SECONDS)
  return Number.isFinite(value) && value >= 0 ? value : 30
}

/** One slice for one organisation; false when there is nothing (more) to send. */
async function feedSlice(organizationId: number) {
  return db.transaction(async (trx) => {
    const until = new Date(Date.now() - lagSeconds() * 1000)
    // The cursor row is the organisation's lock: two runs never read the same slice.
    await trx.rawQuery(
      `INSERT INTO postback_click_cursors (organization_id, created_at, click_id) VALUES (?, ?, ?)
       ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId, until, ZERO_UUID]
    )
    const cursor = await trx
      .from('postback_click_cursors')
      .where('organization_id', organizationId)
      .forUpdate()
      .firstOrFail()
    const clicks = await clicksRecordedBetween(
      organizationId,
      { createdAt: new Date(cursor.created_at), clickId: cursor.click_id },
      until,
      CLICKS_PER_DELIVERY,
      trx
    )
    if (!clicks.length) return false
    const first = clicks[0]
    const last = clicks.at(-1)!
    await fanOutWebhooks(
      organizationId,
      [
        {
          event: CLICK_EVENT,
          key: `${CLICK_EVENT}:${first.clickId}:${last.clickId}`,
          customerId: null,
          clickId: clicks.length === 1 ? first.clickId : null,
          data: { clicks },
        },
      ],
      trx
    )
    await trx
      .from('postback_click_cursors')
      .where('organization_id', organizationId)
      .update({ created_at: new Date(last.createdAt), click_id: last.clickId, updated_at: new Date() })
    return clicks.length === CLICKS_PER_DELIVERY
  })
}

/** Cron: feeds every organisation with an active webhook on `click.recorded`. */
export async function feedClicks() {
  const { rows } = await db.rawQuery(
    `SELECT DISTINCT organization_id FROM webhook_configs WHERE status = 'active' AND ? = ANY(events)`,
    [CLICK_EVENT]
  )
  for (const row of rows) {
    const organizationId = Number(row.organization_id)
    for (let slice = 0; slice < SLICES_PER_RUN; slice++) if (!(await feedSlice(organizationId))) break
  }
}
