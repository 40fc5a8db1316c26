import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const CAMPAIGN_STATUSES = ['active', 'paused', 'disabled', 'suspended'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]
export const CAMPAIGN_VISIBILITIES = ['public', 'private'] as const
/** Spec §1: ftd, leads (Registration), ngr, c_deposit (Cumulative Deposit), d (Deposit). */
export const COMMISSION_VARIABLES = ['ftd', 'leads', 'ngr', 'c_deposit', 'd'] as const

const AFFILIATE_FIELDS = [
  'id',
  'title',
  'brandId',
  'status',
  'visibility',
  'defaultUrl',
  'previewUrl',
  'appLink',
  'description',
  'commissionVariable',
  'currency',
  'coverageCountries',
  'attributionWindowDays',
  'expiresAt',
  'featured',
  'accessQuestions',
  'createdAt',
] as const

const jsonArray = { prepare: (value: unknown) => JSON.stringify(value ?? []) }

export default class Campaign extends BaseModel {
  static table = 'campaigns'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare brandId: number

  @column()
  declare title: string

  @column()
  declare status: CampaignStatus

  @column()
  declare visibility: (typeof CAMPAIGN_VISIBILITIES)[number]

  @column()
  declare defaultUrl: string

  @column()
  declare previewUrl: string | null

  @column()
  declare fallbackUrl: string | null

  @column()
  declare appLink: string | null

  @column()
  declare description: string | null

  @column()
  declare commissionVariable: (typeof COMMISSION_VARIABLES)[number]

  @column()
  declare currency: string

  @column(jsonArray)
  declare coverageCountries: string[]

  @column(jsonArray)
  declare productIds: number[]

  @column()
  declare externalId: string | null

  @column()
  declare isDynamic: boolean

  @column()
  declare isPersistent: boolean

  @column()
  declare attributionWindowDays: number

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column()
  declare featured: boolean

  @column()
  declare shortLinkDefault: boolean

  @column()
  declare overrideCustomerCountry: boolean

  /** The questionnaire of an access request to a private campaign. */
  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare accessQuestions: Array<{ question: string; required?: boolean }>

  /** Private campaigns: false means affiliates cannot ask, the network grants access ("need permission"). */
  @column()
  declare accessByRequest: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime({ serializeAs: null })
  declare deletedAt: DateTime | null

  /** What an affiliate may see of a campaign: no external id, fallback URL or internal flags. */
  serializeForAffiliate() {
    const all = this.serialize()
    return Object.fromEntries(AFFILIATE_FIELDS.map((field) => [field, all[field]])) as Pick<
      typeof all,
      (typeof AFFILIATE_FIELDS)[number]
    >
  }

  serialize() {
    return {
      id: this.id,
      title: this.title,
      brandId: this.brandId,
      status: this.status,
      visibility: this.visibility,
      defaultUrl: this.defaultUrl,
      previewUrl: this.previewUrl ?? null,
      fallbackUrl: this.fallbackUrl ?? null,
      appLink: this.appLink ?? null,
      description: this.description ?? null,
      commissionVariable: this.commissionVariable,
      currency: this.currency,
      coverageCountries: this.coverageCountries ?? [],
      productIds: this.productIds ?? [],
      externalId: this.externalId ?? null,
      isDynamic: this.isDynamic,
      isPersistent: this.isPersistent,
      attributionWindowDays: this.attributionWindowDays,
      expiresAt: this.expiresAt?.toISO() ?? null,
      featured: this.featured,
      shortLinkDefault: this.shortLinkDefault,
      overrideCustomerCountry: this.overrideCustomerCountry,
      accessQuestions: this.accessQuestions ?? [],
      accessByRequest: this.accessByRequest ?? true,
      createdAt: this.createdAt?.toISO() ?? null,
      updatedAt: this.updatedAt?.toISO() ?? null,
    }
  }
}
