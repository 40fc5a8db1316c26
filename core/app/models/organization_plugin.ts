import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Per-organisation plugin switch; no row means enabled. Disabling never drops data. */
export default class OrganizationPlugin extends BaseModel {
  static table = 'organization_plugins'

  @column({ isPrimary: true })
  declare organizationId: number

  @column({ isPrimary: true })
  declare pluginId: string

  @column()
  declare enabled: boolean

  @column()
  declare settings: Record<string, unknown>

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
