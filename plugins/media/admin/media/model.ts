/*
 * What each media type takes (mirrors plugins/media/src/services/media_files.ts): banners
 * an image, HTML ads and e-mail creatives an .html file, link types a link only, `other`
 * a file or a link. The client checks catch most mistakes; the server stays the authority.
 */
import { maxLength, regex } from 'react-admin'

export const MEDIA_API = '/api/v1/media/media'
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
export type MediaType = (typeof MEDIA_TYPES)[number]

export const IMAGE_TYPES: readonly string[] = ['banner']
export const HTML_TYPES: readonly string[] = ['htmlad', 'email_creative']
export const LINK_TYPES: readonly string[] = ['text_link', 'drive_link', 'dropbox_link']
/** Types whose banner code the server refuses (no_banner_code). */
export const NO_BANNER_CODE_TYPES: readonly string[] = ['drive_link', 'dropbox_link', 'hidden']

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp'
export const HTML_ACCEPT = '.html,.htm,text/html'
const MB = 1024 * 1024

export const takesFile = (type: string | undefined) => Boolean(type) && !LINK_TYPES.includes(type!)
export const takesLink = (type: string | undefined) =>
  Boolean(type) && (LINK_TYPES.includes(type!) || type === 'other' || type === 'hidden')
export const acceptFor = (type: string | undefined) =>
  type && IMAGE_TYPES.includes(type) ? IMAGE_ACCEPT : type && HTML_TYPES.includes(type) ? HTML_ACCEPT : undefined
export const maxBytesFor = (type: string | undefined) => (type && HTML_TYPES.includes(type) ? 1 * MB : 5 * MB)

export const typeChoices = MEDIA_TYPES.map((type) => ({ id: type, name: `media.type.${type}` }))
export const statusChoices = MEDIA_STATUSES.map((status) => ({ id: status, name: `media.status.${status}` }))

export const MACRO_RULE = /^\{[a-z0-9_]+\}$/
const LINK_RULE = /^https?:\/\/[^\s/$.?#].\S*$/i
const LINK_HOSTS: Record<string, string[]> = {
  drive_link: ['drive.google.com', 'docs.google.com'],
  dropbox_link: ['dropbox.com'],
}

export const validateMedia = {
  title: [maxLength(350)],
  link: [regex(LINK_RULE, 'media.validation.link'), maxLength(2048)],
  description: [maxLength(5000)],
  macro: [regex(MACRO_RULE, 'media.validation.macro'), maxLength(64)],
  macroValue: [maxLength(350)],
}

const hostOf = (link: string) => {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

export interface MediaFormValues {
  title?: string
  type?: string
  status?: string
  link?: string | null
  description?: string | null
  campaignIds?: number[]
  macros?: Array<{ macro?: string; value?: string }>
  /** A newly picked file (create, or replace on edit). */
  upload?: File | null
  /** The stored file of the record being edited. */
  file?: { mime?: string; name?: string } | null
}

/**
 * The rules spanning fields (the server's typeRuleErrors): an image for banners, HTML for
 * ads and creatives, a link (on the right host) for link types, a file or link for other.
 * Returns react-admin form errors: `{ field: messageKey }`.
 */
export function validateMediaForm(values: MediaFormValues): Record<string, unknown> {
  const errors: Record<string, any> = {}
  const type = values.type
  if (!values.title?.trim()) errors.title = 'ra.validation.required'
  if (!type) {
    errors.type = 'ra.validation.required'
    return errors
  }
  const upload = values.upload ?? null
  const storedMime = values.file?.mime
  const link = values.link?.trim() ?? ''
  if (upload) {
    if (!takesFile(type)) errors.upload = 'media.errors.file_not_allowed'
    else if (upload.size > maxBytesFor(type))
      errors.upload =
        type && HTML_TYPES.includes(type) ? 'media.errors.file_too_large_html' : 'media.errors.file_too_large'
    else if (upload.size === 0) errors.upload = 'media.errors.invalid_file'
  }
  if (IMAGE_TYPES.includes(type)) {
    const mime = upload ? upload.type : storedMime
    if (!mime || !/^image\/(png|jpeg|gif|webp)$/.test(mime)) errors.upload ??= 'media.errors.image_required'
  }
  if (HTML_TYPES.includes(type)) {
    const ok = upload ? /\.html?$/i.test(upload.name) : storedMime === 'text/html'
    if (!ok) errors.upload ??= 'media.errors.html_required'
  }
  if (LINK_TYPES.includes(type)) {
    if (!link) errors.link = 'media.errors.link_required'
    else if (LINK_HOSTS[type] && !LINK_HOSTS[type].includes(hostOf(link))) errors.link = `media.errors.${type}_host`
  }
  if (type === 'other' && !link && !upload && !storedMime) errors.upload = 'media.errors.file_or_link_required'
  const macros = values.macros ?? []
  const seen = new Set<string>()
  const macroErrors = macros.map((entry) => {
    const macro = entry?.macro?.trim() ?? ''
    const twice = macro !== '' && seen.has(macro)
    seen.add(macro)
    return twice ? { macro: 'media.validation.macro_twice' } : {}
  })
  if (macroErrors.some((entry) => 'macro' in entry)) errors.macros = macroErrors
  return errors
}

/** The writable fields of a media, as sent (the form also holds read-only ones such as `file`). */
export function toMediaPayload(values: MediaFormValues, { campaigns }: { campaigns: boolean }) {
  const type = values.type
  const payload: Record<string, unknown> = {
    title: values.title?.trim(),
    type,
    status: values.status ?? 'active',
    link: takesLink(type) && values.link?.trim() ? values.link.trim() : null,
    description: values.description?.trim() ? values.description.trim() : null,
    macros: (values.macros ?? [])
      .filter((entry) => entry?.macro?.trim())
      .map((entry) => ({ macro: entry.macro!.trim(), value: (entry.value ?? '').trim() })),
  }
  // Campaigns arrive with the campaigns plugin: without it the field is not on the form.
  if (campaigns) payload.campaignIds = (values.campaignIds ?? []).map(Number)
  return payload
}

/** The same payload as multipart: macros as one JSON field, campaign ids repeated. */
export function toMediaFormData(payload: Record<string, unknown>, upload?: File | null): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(payload)) {
    if (value === null || value === undefined) continue
    if (name === 'macros') form.append('macros', JSON.stringify(value))
    else if (name === 'campaignIds') for (const id of value as number[]) form.append('campaignIds', String(id))
    else form.append(name, String(value))
  }
  if (upload) form.append('file', upload, upload.name)
  return form
}

export const isImageFile = (file: { mime?: string | null } | null | undefined) =>
  Boolean(file?.mime?.startsWith('image/'))
export const isHtmlFile = (file: { mime?: string | null } | null | undefined) => file?.mime === 'text/html'
