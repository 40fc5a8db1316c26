import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Kept empty on purpose. This migration created `oidc_states` while OIDC sign-in was part of
 * core; the table now belongs to the `oidc` plugin (plugins/oidc/database/migrations), whose
 * migration creates it on a new database and finds it in place on one that ran this. The
 * file stays so databases that recorded it still find it (migration:status, rollback).
 */
export default class extends BaseSchema {
  async up() {}

  async down() {}
}
