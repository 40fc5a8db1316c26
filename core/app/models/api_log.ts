import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One call authenticated by an API key. */
export default class ApiLog extends BaseModel {
  static table = 'api_logs'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare apiKeyId: number

  @column()
  declare method: string

  @column()
  declare path: string

  @column()
  declare status: number

  @column()
  declare latencyMs: number

  @column()
  declare ip: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
