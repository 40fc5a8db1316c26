import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type ImportStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled' | 'imported_partially'

/** One CSV import (spec §3 "import"): its progress, original file and failed-rows file. */
export default class DataImport extends BaseModel {
  static table = 'imports'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare pluginId: string

  @column()
  declare type: string

  @column()
  declare status: ImportStatus

  @column()
  declare fileName: string

  @column()
  declare totalRows: number

  @column()
  declare importedRows: number

  @column()
  declare failedRows: number

  @column({ serializeAs: null })
  declare failedRowsCsv: string | null

  @column()
  declare importedBy: number | null

  @column()
  declare processedRows: number

  @column({ serializeAs: null })
  declare locale: string | null

  @column({ serializeAs: null })
  declare fileKey: string | null

  @column({ serializeAs: null, prepare: (value: unknown) => JSON.stringify(value ?? {}) })
  declare options: Record<string, unknown>

  @column()
  declare error: string | null

  @column({ serializeAs: null })
  declare attempts: number

  @column.dateTime()
  declare startedAt: DateTime | null

  @column.dateTime()
  declare finishedAt: DateTime | null

  @column.dateTime()
  declare cancelRequestedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
