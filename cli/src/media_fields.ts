/* Flags and output shared by the media commands. */
import type { Media } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

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
export const MEDIA_STATUSES = ['active', 'inactive'] as const

/** Parses `--macro "{source}=banner"` into the API's {macro, value}; null when malformed. */
export function parseMacro(raw: string): { macro: string; value: string } | null {
  const match = /^\s*(\{[a-z0-9_]+\})=(.*)$/s.exec(raw)
  return match ? { macro: match[1]!, value: match[2]! } : null
}

export const mediaColumns: Column<Media>[] = [
  { header: 'ID', value: (media) => media.id },
  { header: 'TITLE', value: (media) => media.title },
  { header: 'TYPE', value: (media) => media.type },
  { header: 'STATUS', value: (media) => media.status },
  { header: 'FILE', value: (media) => media.file?.name },
  { header: 'LINK', value: (media) => media.link },
]

export function mediaDetails(media: Media): string {
  const file = media.file
  return renderDetails([
    ['ID', media.id],
    ['Title', media.title],
    ['Type', media.type],
    ['Status', media.status],
    ['Link', media.link],
    ['Description', media.description],
    ['Campaigns', media.campaignIds.join(', ')],
    ['Macros', media.macros.map((entry) => `${entry.macro}=${entry.value}`).join(', ')],
    [
      'File',
      file
        ? `${file.name} (${file.mime}, ${file.size} bytes${file.width ? `, ${file.width}x${file.height}` : ''})`
        : null,
    ],
    ['Created', media.createdAt],
    ['Updated', media.updatedAt],
  ])
}
