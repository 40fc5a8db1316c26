import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CredentialScope as ApiKeyScope } from '@affix/core/kernel'

/** An OAuth 2.0 client registered by an organisation (authorization-code grant). */
export default class OAuthApp extends BaseModel {
  static table = 'oauth_apps'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  /** Who registered the app. */
  @column()
  declare userId: number

  @column()
  declare name: string

  @column()
  declare clientId: string

  /** SHA-256 of the client secret; the secret itself is shown once, at creation. */
  @column({ serializeAs: null })
  declare clientSecretHash: string

  @column()
  declare secretHint: string

  // jsonb arrays must be sent as JSON text: pg would send a JS array as a PostgreSQL array.
  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare redirectUris: string[]

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare scopes: ApiKeyScope[]

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare allowedIps: string[]

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Usable for new authorisations and tokens: not revoked, not expired. */
  get isActive() {
    return !this.revokedAt && (!this.expiresAt || this.expiresAt > DateTime.now())
  }

  serialize() {
    return {
      id: this.id,
      name: this.name,
      userId: this.userId,
      clientId: this.clientId,
      secretPreview: `…${this.secretHint}`,
      redirectUris: this.redirectUris,
      scopes: this.scopes,
      allowedIps: this.allowedIps,
      expiresAt: this.expiresAt?.toISO() ?? null,
      revokedAt: this.revokedAt?.toISO() ?? null,
      createdAt: this.createdAt?.toISO() ?? null,
    }
  }
}
