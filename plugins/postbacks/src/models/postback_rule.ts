import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const RULE_ACTIONS = ['fire', 'skip'] as const
export const RULE_STATUSES = ['active', 'inactive'] as const

export default class PostbackRule extends BaseModel {
  static table = 'postback_rules'

  @column({ isPrimary: true }) declare id: number
  @column() declare organizationId: number
  @column() declare postbackId: number
  @column() declare name: string
  @column() declare action: (typeof RULE_ACTIONS)[number]
  @column() declare priority: number
  @column() declare events: string[] | null
  @column() declare campaignIds: number[] | null
  @column() declare countries: string[] | null
  @column() declare minAmount: string | null
  @column() declare maxAmount: string | null
  @column() declare samplePercent: number
  @column() declare status: (typeof RULE_STATUSES)[number]
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
