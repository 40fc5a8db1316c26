import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export interface ApiKeyScope {
  /** A permission subject, e.g. `brands`. */
  resource: string
  operations: Array<'read' | 'write'>
}

export default class ApiKey extends BaseModel {
  static table = 'api_keys'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare userId: number

  @column()
  declare name: string

  /** SHA-256 of the secret; the secret itself is shown once, at creation. */
  @column({ serializeAs: null })
  declare secretHash: string

  /** The secret's last characters, so a person can tell keys apart. */
  @column()
  declare hint: string

  // jsonb arrays must be sent as JSON text: pg would send a JS array as a PostgreSQL array.
  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare scopes: ApiKeyScope[]

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare allowedIps: string[]

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  serialize() {
    return {
      id: this.id,
      name: this.name,
      userId: this.userId,
      preview: `afk_${this.id}.…${this.hint}`,
      scopes: this.scopes,
      allowedIps: this.allowedIps,
      expiresAt: this.expiresAt?.toISO() ?? null,
      lastUsedAt: this.lastUsedAt?.toISO() ?? null,
      revokedAt: this.revokedAt?.toISO() ?? null,
      createdAt: this.createdAt?.toISO() ?? null,
    }
  }
}
