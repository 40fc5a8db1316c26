import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import Organization from '#models/organization'

export const USER_ROLES = ['admin', 'sub-admin', 'affiliate', 'afm', 'adm', 'brand', 'parent', 'superadmin'] as const
export type UserRole = (typeof USER_ROLES)[number]
/** rejected, banned and fraud are affiliate outcomes (spec §4); only active panels sign in. */
/** Marks a password hash no password matches (a panel created without one, until it is reset). */
export const UNUSABLE_PASSWORD_PREFIX = '!unusable:'

export const USER_STATUSES = ['active', 'disabled', 'deleted', 'pending', 'rejected', 'banned', 'fraud'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare email: string

  /** Hashed by the AuthFinder mixin; never serialised. */
  @column({ serializeAs: null })
  declare password: string

  @column()
  declare name: string | null

  @column()
  declare role: UserRole

  @column()
  declare status: UserStatus

  @column()
  declare locale: string | null

  /** The organisation's owner (sees billing and team members even as a sub-admin). */
  @column()
  declare owner: boolean

  // Profile
  @column()
  declare phone: string | null
  @column()
  declare skype: string | null
  @column()
  declare city: string | null
  @column()
  declare address: string | null
  @column()
  declare state: string | null
  @column()
  declare zipcode: string | null
  @column()
  declare country: string | null

  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @column.dateTime()
  declare lastLoginAt: DateTime | null

  @belongsTo(() => Organization)
  declare organization: BelongsTo<typeof Organization>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  static accessTokens = DbAccessTokensProvider.forModel(User, {
    expiresIn: '30 days',
    prefix: 'afx_',
    table: 'auth_access_tokens',
    type: 'auth_token',
    tokenSecretLength: 40,
  })
}
