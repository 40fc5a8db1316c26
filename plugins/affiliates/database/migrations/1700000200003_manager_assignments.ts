import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Assignments that match an affiliate's manager were made by the manager field (until now
 * nothing recorded it): mark them so that moving the manager moves them, and nothing else.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `UPDATE team_member_affiliates AS tma SET by_manager = true
         FROM affiliate_profiles AS p
        WHERE p.user_id = tma.affiliate_id AND p.manager_id = tma.member_id`
    )
  }

  async down() {
    // The flag is dropped with its column by the core migration's down.
  }
}
