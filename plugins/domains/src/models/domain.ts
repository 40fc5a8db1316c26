import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const DOMAIN_PROTOCOLS = ['http', 'https'] as const
export const DOMAIN_VISIBILITIES = ['public', 'private'] as const
export const DOMAIN_TYPES = ['tracking', 'white_label'] as const
export const DOMAIN_STATUSES = ['active', 'inactive'] as const

export type DomainProtocol = (typeof DOMAIN_PROTOCOLS)[number]
export type DomainVisibility = (typeof DOMAIN_VISIBILITIES)[number]
export type DomainType = (typeof DOMAIN_TYPES)[number]
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens, a TLD that starts with a letter. */
export const HOSTNAME_RULE =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export default class Domain extends BaseModel {
  static table = 'domains'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare name: string

  @column()
  declare protocol: DomainProtocol

  @column()
  declare ssl: boolean

  @column()
  declare visibility: DomainVisibility

  @column()
  declare type: DomainType

  @column()
  declare status: DomainStatus

  @column()
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
