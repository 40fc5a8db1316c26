import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { BaseModel, beforeCreate, column } from '@adonisjs/lucid/orm'

export const MEDIA_TYPES = [
  'banner',
  'htmlad',
  'email_creative',
  'text_link',
  'drive_link',
  'dropbox_link',
  'other',
  'hidden',
] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

export const MEDIA_STATUSES = ['active', 'inactive'] as const
export type MediaStatus = (typeof MEDIA_STATUSES)[number]

export interface LinkMacro {
  macro: string
  value: string
}

export default class Media extends BaseModel {
  static table = 'media'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: number

  @column()
  declare title: string

  @column()
  declare type: MediaType

  @column()
  declare status: MediaStatus

  @column()
  declare link: string | null

  @column()
  declare description: string | null

  @column({ prepare: (value: LinkMacro[] | null) => JSON.stringify(value ?? []) })
  declare macros: LinkMacro[]

  @column({ serializeAs: null })
  declare fileKey: string | null

  /** Names the public link of the file; random, so links cannot be enumerated. */
  @column({ serializeAs: null })
  declare publicToken: string

  @column()
  declare fileName: string | null

  @column()
  declare fileMime: string | null

  @column()
  declare fileSize: number | null

  @column()
  declare width: number | null

  @column()
  declare height: number | null

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime({ serializeAs: null })
  declare deletedAt: DateTime | null

  @beforeCreate()
  static assignPublicToken(media: Media) {
    media.publicToken ??= randomBytes(24).toString('base64url')
  }

  /** Filled by the controller from media_campaigns. */
  campaignIds: number[] = []

  /** Affiliates see only what is live and meant for them (spec: hidden media stay internal). */
  get visibleToAffiliates() {
    return this.status === 'active' && this.type !== 'hidden'
  }

  serializeWith(fileUrl: string | null, publicUrl: string | null) {
    return {
      id: this.id,
      title: this.title,
      type: this.type,
      status: this.status,
      link: this.link ?? null,
      description: this.description ?? null,
      campaignIds: this.campaignIds,
      macros: this.macros ?? [],
      file: this.fileKey
        ? {
            name: this.fileName ?? '',
            mime: this.fileMime ?? 'application/octet-stream',
            size: this.fileSize ?? 0,
            width: this.width ?? null,
            height: this.height ?? null,
            url: fileUrl,
            publicUrl,
          }
        : null,
      createdAt: this.createdAt?.toISO() ?? null,
      updatedAt: this.updatedAt?.toISO() ?? null,
    }
  }
}
