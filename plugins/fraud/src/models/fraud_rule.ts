import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const FRAUD_ACTIONS = ['mark', 'block'] as const
export const FRAUD_TYPES = ['data_center', 'blacklist', 'device', 'proxy'] as const
export const FRAUD_STATUSES = ['active', 'inactive'] as const
export const SELECTIONS = ['all', 'include', 'exclude'] as const
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'bot'] as const
/** Operating systems a device rule can name (ua-parser names folded to these keys). */
export const OS_NAMES = ['windows', 'macos', 'linux', 'android', 'ios', 'chromeos', 'other'] as const

export type FraudAction = (typeof FRAUD_ACTIONS)[number]
export type FraudType = (typeof FRAUD_TYPES)[number]
export type FraudStatus = (typeof FRAUD_STATUSES)[number]
export type Selection = (typeof SELECTIONS)[number]
export type DeviceType = (typeof DEVICE_TYPES)[number]
export type OsName = (typeof OS_NAMES)[number]

const jsonList = { prepare: (value: unknown) => JSON.stringify(value ?? []) }

export default class FraudRule extends BaseModel {
  static table = 'fraud_rules'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare name: string

  @column()
  declare action: FraudAction

  @column()
  declare type: FraudType

  @column()
  declare status: FraudStatus

  @column()
  declare brandSelection: Selection

  @column(jsonList)
  declare brandIds: number[]

  @column()
  declare affiliateSelection: Selection

  @column(jsonList)
  declare affiliateIds: number[]

  @column()
  declare campaignSelection: Selection

  @column(jsonList)
  declare campaignIds: number[]

  @column(jsonList)
  declare ips: string[]

  @column(jsonList)
  declare userAgents: string[]

  @column(jsonList)
  declare devices: DeviceType[]

  @column(jsonList)
  declare os: OsName[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
