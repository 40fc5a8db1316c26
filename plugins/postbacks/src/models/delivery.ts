import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** One event for one postback or webhook, with its retry state. */
export default class Delivery extends BaseModel {
  static table = 'postback_deliveries'

  @column({ isPrimary: true }) declare id: number
  @column() declare organizationId: number
  @column() declare kind: 'postback' | 'webhook'
  @column() declare postbackId: number | null
  @column() declare webhookId: number | null
  @column() declare affiliateId: number | null
  @column() declare event: string
  @column() declare eventId: string
  @column() declare values: Record<string, string>
  @column() declare customerId: number | null
  @column() declare clickId: string | null
  @column() declare status: DeliveryStatus
  @column() declare attempts: number
  @column() declare roundAttempts: number
  @column.dateTime() declare nextAttemptAt: DateTime | null
  @column() declare lastStatusCode: number | null
  @column() declare lastError: string | null
  @column.dateTime() declare deliveredAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
