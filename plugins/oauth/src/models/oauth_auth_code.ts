import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CredentialScope as ApiKeyScope } from '@affix/core/kernel'

/** An authorization code issued to an OAuth app when a user consented; single use, 10 minutes. */
export default class OAuthAuthCode extends BaseModel {
  static table = 'oauth_auth_codes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare appId: number

  /** The user who consented. */
  @column()
  declare userId: number

  @column({ serializeAs: null })
  declare codeHash: string

  @column()
  declare redirectUri: string

  @column({ prepare: (value: unknown) => JSON.stringify(value) })
  declare scopes: ApiKeyScope[]

  @column({ serializeAs: null })
  declare codeChallenge: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** What the codes screen shows: when, for whom, used or not — never the code. */
  serialize() {
    const status = this.usedAt ? 'used' : this.expiresAt <= DateTime.now() ? 'expired' : 'pending'
    return {
      id: this.id,
      appId: this.appId,
      userId: this.userId,
      redirectUri: this.redirectUri,
      scopes: this.scopes,
      pkce: this.codeChallenge !== null,
      status,
      createdAt: this.createdAt?.toISO() ?? null,
      expiresAt: this.expiresAt?.toISO() ?? null,
      usedAt: this.usedAt?.toISO() ?? null,
    }
  }
}
