import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Kept empty on purpose. This migration created the OAuth tables while OAuth apps were part
 * of core; they now belong to the `oauth` plugin (plugins/oauth/database/migrations), whose
 * migration creates them on a new database and finds them in place on one that ran this.
 * The file stays so databases that recorded it still find it (migration:status, rollback).
 */
export default class extends BaseSchema {
  async up() {}

  async down() {}
}
