import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The permission subject an export's rows were read under (`report.activity` for an
 * activity export), apart from its display `resource` (`activity`): reading the export
 * later needs `<subject>:read`, so a download is never wider than the list it came from.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('exports', (table) => {
      table.text('subject')
    })
    this.defer(async (db) => {
      await db.rawQuery('UPDATE exports SET subject = resource WHERE subject IS NULL')
    })
    this.schema.raw('ALTER TABLE exports ALTER COLUMN subject SET NOT NULL')
  }

  async down() {
    this.schema.alterTable('exports', (table) => {
      table.dropColumn('subject')
    })
  }
}
