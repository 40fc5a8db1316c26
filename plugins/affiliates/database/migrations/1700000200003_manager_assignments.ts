import { BaseSchema } from '@adonisjs/lucid/schema'
import { markManagerAssignments } from '@affix/core/kernel'

/**
 * Assignments that match an affiliate's manager were made by the manager field (until then
 * nothing recorded it): mark them so that moving the manager moves them, and nothing else.
 * The assignments are core's (team_member_affiliates): core marks them.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      const managed = await client.from('affiliate_profiles').whereNotNull('manager_id').select('user_id', 'manager_id')
      await markManagerAssignments(
        client,
        managed.map((row) => ({ memberId: Number(row.manager_id), affiliateId: Number(row.user_id) }))
      )
    })
  }

  async down() {
    // The flag is dropped with its column by the core migration's down.
  }
}
