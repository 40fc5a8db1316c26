import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Background CSV imports (ARCHITECTURE §5): an import is queued, processed by a job
 * and shows its progress; the original upload is kept (file_key) and the failed-rows
 * file is written in the uploader's language (locale).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('imports', (table) => {
      table.integer('processed_rows').notNullable().defaultTo(0)
      table.string('locale', 8).nullable()
      table.string('file_key', 255).nullable()
      table.jsonb('options').notNullable().defaultTo('{}')
      table.text('error').nullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('started_at', { useTz: true }).nullable()
      table.timestamp('finished_at', { useTz: true }).nullable()
      table.timestamp('cancel_requested_at', { useTz: true }).nullable()
    })
    // The recovery sweep looks for unfinished imports only.
    this.schema.raw("CREATE INDEX imports_unfinished ON imports (status) WHERE status IN ('queued', 'processing')")
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS imports_unfinished')
    this.schema.alterTable('imports', (table) => {
      table.dropColumns(
        'processed_rows',
        'locale',
        'file_key',
        'options',
        'error',
        'attempts',
        'started_at',
        'finished_at',
        'cancel_requested_at'
      )
    })
  }
}
