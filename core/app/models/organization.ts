import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export interface OrganizationPreferences {
  currency?: string
  language?: 'en' | 'pt' | 'tr'
  timezone?: string
  themeColor?: string
}

export default class Organization extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare type: 'parent' | 'child' | 'brand-type'

  @column()
  declare panelType: 'igaming' | 'igaming_brand' | 'network' | 'parent'

  @column()
  declare parentId: number | null

  @column()
  declare preferences: OrganizationPreferences

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  serialize() {
    return {
      id: this.id,
      name: this.name,
      type: this.type,
      panelType: this.panelType,
      parentId: this.parentId,
      createdAt: this.createdAt?.toISO() ?? null,
    }
  }
}
