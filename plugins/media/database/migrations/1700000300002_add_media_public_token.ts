import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The public link of a creative (/api/v1/media/public/creatives/<token>.<ext>) is keyed by
 * a random token, never by the id: ids are guessable and would expose every creative.
 */
export default class extends BaseSchema {
  async up() {
    // The default covers raw inserts; the model sets a longer token of its own.
    this.schema.alterTable('media', (table) => {
      table.string('public_token', 64).nullable()
    })
    this.schema.raw(
      "UPDATE media SET public_token = replace(gen_random_uuid()::text, '-', '') WHERE public_token IS NULL"
    )
    this.schema.raw("ALTER TABLE media ALTER COLUMN public_token SET DEFAULT replace(gen_random_uuid()::text, '-', '')")
    this.schema.raw('ALTER TABLE media ALTER COLUMN public_token SET NOT NULL')
    this.schema.raw('CREATE UNIQUE INDEX media_public_token ON media (public_token)')
  }

  async down() {
    this.schema.alterTable('media', (table) => {
      table.dropColumn('public_token')
    })
  }
}
