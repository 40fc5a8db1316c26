import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { AffiliateStatus } from '../constants.js'

/**
 * Read model of an affiliate (the affiliate_records view: the panel and its profile).
 * Writes go to users (through the kernel's panel API) and affiliate_profiles.
 */
export default class AffiliateRecord extends BaseModel {
  static table = 'affiliate_records'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare email: string

  @column()
  declare name: string | null

  @column()
  declare status: AffiliateStatus

  @column()
  declare contact: string | null

  @column()
  declare skype: string | null

  @column()
  declare country: string | null

  @column()
  declare state: string | null

  @column()
  declare city: string | null

  @column()
  declare address: string | null

  @column()
  declare zipcode: string | null

  @column()
  declare tags: string[]

  @column()
  declare companyName: string | null

  @column()
  declare taxId: string | null

  @column()
  declare managerId: number | null

  @column()
  declare groupId: number | null

  @column()
  declare currency: string | null

  @column()
  declare externalId: string | null

  @column({ columnName: 'referred_by' })
  declare referredById: number | null

  @column()
  declare emailNotification: boolean

  @column()
  declare negativeCarryover: boolean

  /** numeric(5,2): a decimal string, never a float. */
  @column()
  declare feePercent: string | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime

  @column.dateTime()
  declare lastLoginAt: DateTime | null
}
