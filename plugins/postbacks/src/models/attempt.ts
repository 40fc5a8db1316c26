import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const ATTEMPT_OUTCOMES = ['success', 'failure'] as const

/** One HTTP attempt of a delivery (the postback and webhook logs). */
export default class Attempt extends BaseModel {
  static table = 'postback_attempts'

  @column({ isPrimary: true }) declare id: number
  @column() declare organizationId: number
  @column() declare deliveryId: number
  @column() declare kind: 'postback' | 'webhook'
  @column() declare postbackId: number | null
  @column() declare webhookId: number | null
  @column() declare affiliateId: number | null
  @column() declare attempt: number
  @column() declare event: string
  @column() declare eventId: string
  @column() declare method: string
  @column() declare url: string
  @column() declare outcome: (typeof ATTEMPT_OUTCOMES)[number]
  @column() declare statusCode: number | null
  @column() declare error: string | null
  @column() declare latencyMs: number
  @column() declare responseExcerpt: string | null
  @column() declare customerId: number | null
  @column() declare clickId: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
}
