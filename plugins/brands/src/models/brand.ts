import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const BRAND_STATUSES = ['active', 'inactive'] as const
export type BrandStatus = (typeof BRAND_STATUSES)[number]

export default class Brand extends BaseModel {
  static table = 'brands'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare name: string

  @column()
  declare email: string | null

  @column()
  declare contact: string | null

  @column()
  declare status: BrandStatus

  @column()
  declare website: string | null

  @column()
  declare managerId: number | null

  @column()
  declare companyName: string | null

  @column()
  declare companyAddress: string | null

  @column()
  declare companyCountry: string | null

  @column()
  declare companyTaxId: string | null

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
      email: this.email ?? null,
      contact: this.contact ?? null,
      status: this.status,
      website: this.website ?? null,
      managerId: this.managerId ?? null,
      companyName: this.companyName ?? null,
      companyAddress: this.companyAddress ?? null,
      companyCountry: this.companyCountry ?? null,
      companyTaxId: this.companyTaxId ?? null,
      createdAt: this.createdAt?.toISO() ?? null,
      updatedAt: this.updatedAt?.toISO() ?? null,
    }
  }
}
