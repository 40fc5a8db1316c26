import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Network events a webhook can subscribe to (docs/postbacks.md lists their sources). */
export const WEBHOOK_EVENTS = [
  'customer.registered',
  'customer.ftd',
  'conversion.recorded',
  'activity.changed',
  'commission.created',
  'commission.approved',
  'click.recorded',
] as const

export default class WebhookConfig extends BaseModel {
  static table = 'webhook_configs'

  @column({ isPrimary: true }) declare id: number
  @column() declare organizationId: number
  @column() declare name: string
  @column() declare url: string
  @column() declare events: string[]
  @column({ serializeAs: null }) declare secretEncrypted: string
  @column() declare status: 'active' | 'inactive' | 'disabled'
  @column() declare consecutiveFailures: number
  @column.dateTime() declare disabledAt: DateTime | null
  @column.dateTime() declare secretRotatedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
