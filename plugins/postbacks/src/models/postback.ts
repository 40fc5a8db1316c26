import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const POSTBACK_EVENTS = ['registration', 'ftd', 'qualified_cpa', 'deposit', 'commission_created'] as const
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number]
export const POSTBACK_METHODS = ['get', 'post'] as const
export const TARGET_STATUSES = ['active', 'inactive', 'disabled'] as const

export default class Postback extends BaseModel {
  static table = 'postbacks'

  @column({ isPrimary: true }) declare id: number
  @column() declare organizationId: number
  @column() declare affiliateId: number | null
  @column() declare name: string
  @column() declare events: string[]
  @column() declare campaignIds: number[] | null
  @column() declare method: (typeof POSTBACK_METHODS)[number]
  @column() declare url: string
  @column({ serializeAs: null }) declare secretEncrypted: string | null
  @column() declare maskCustomerId: boolean
  @column() declare status: (typeof TARGET_STATUSES)[number]
  @column() declare consecutiveFailures: number
  @column.dateTime() declare disabledAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
