import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const DEEP_LINK_STATUSES = ['active', 'inactive'] as const
export type DeepLinkStatus = (typeof DEEP_LINK_STATUSES)[number]

export default class DeepLink extends BaseModel {
  static table = 'deep_links'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare name: string

  @column()
  declare url: string

  @column()
  declare status: DeepLinkStatus

  @column()
  declare campaignId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime({ serializeAs: null })
  declare deletedAt: DateTime | null

  serialize() {
    return {
      id: this.id,
      name: this.name,
      url: this.url,
      status: this.status,
      campaignId: this.campaignId ?? null,
      createdAt: this.createdAt?.toISO() ?? null,
      updatedAt: this.updatedAt?.toISO() ?? null,
    }
  }
}
