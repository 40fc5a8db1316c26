import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One export (downloads history): who exported what, with which filters, and the file. */
export default class DataExport extends BaseModel {
  static table = 'exports'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare userId: number | null

  @column()
  declare pluginId: string

  @column()
  declare resource: string

  /** The permission subject reading the export needs (`<subject>:read`); usually the resource. */
  @column({ serializeAs: null })
  declare subject: string

  @column()
  declare status: 'exporting' | 'exported' | 'failed'

  @column()
  declare query: Record<string, unknown>

  @column()
  declare fileName: string

  @column({ serializeAs: null })
  declare storageKey: string | null

  @column()
  declare rowCount: number

  @column()
  declare sizeBytes: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null
}
