/*
 * What each media type needs (spec §3 media types) and the checks of an uploaded file:
 * banners are real images (read by sharp, not trusted from the name), HTML ads and
 * e-mail creatives are .html/.htm text files, `other` takes any file or a link.
 */
import { randomUUID } from 'node:crypto'
import { extname } from 'node:path'
import type { MediaType } from '../models/media.js'

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const HTML_MAX_BYTES = 1024 * 1024
export const FILE_MAX_BYTES = 5 * 1024 * 1024

const IMAGE_FORMATS: Record<string, { extension: string; mime: string }> = {
  png: { extension: 'png', mime: 'image/png' },
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  gif: { extension: 'gif', mime: 'image/gif' },
  webp: { extension: 'webp', mime: 'image/webp' },
}

export const IMAGE_TYPES: readonly MediaType[] = ['banner']
export const HTML_TYPES: readonly MediaType[] = ['htmlad', 'email_creative']
/** Types that are a link only: a file is refused. */
export const LINK_TYPES: readonly MediaType[] = ['text_link', 'drive_link', 'dropbox_link']

const LINK_HOSTS: Partial<Record<MediaType, string[]>> = {
  drive_link: ['drive.google.com', 'docs.google.com'],
  dropbox_link: ['dropbox.com'],
}

/** A rule broken by the input: the field, the rule name and the message key under media.errors. */
export interface RuleError {
  field: string
  rule: string
  key: string
  data?: Record<string, unknown>
}

export interface InspectedFile {
  contents: Buffer
  name: string
  mime: string
  extension: string
  width: number | null
  height: number | null
}

export const isImageMime = (mime: string | null | undefined) =>
  Boolean(mime && Object.values(IMAGE_FORMATS).some((format) => format.mime === mime))
export const isHtmlMime = (mime: string | null | undefined) => mime === 'text/html'

export const maxBytesFor = (type: MediaType) =>
  HTML_TYPES.includes(type) ? HTML_MAX_BYTES : IMAGE_TYPES.includes(type) ? IMAGE_MAX_BYTES : FILE_MAX_BYTES

export const formatBytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

async function imageInfo(contents: Buffer) {
  const { default: sharp } = await import('sharp')
  try {
    const metadata = await sharp(contents, { limitInputPixels: 50_000_000 }).metadata()
    const format = metadata.format ? IMAGE_FORMATS[metadata.format] : undefined
    if (!format || !metadata.width || !metadata.height) return null
    return { ...format, width: metadata.width, height: metadata.height }
  } catch {
    return null
  }
}

/** UTF-8 text without NUL bytes that has at least one tag. */
function looksLikeHtml(contents: Buffer) {
  if (contents.includes(0)) return false
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(contents)
    return /<[a-z!][^>]*>/i.test(text)
  } catch {
    return false
  }
}

/** A safe display name: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-255)
  return cleaned || 'file'
}

/** Checks the uploaded contents against what the type takes; returns the errors or the file. */
export async function inspectUpload(
  type: MediaType,
  fileName: string,
  contents: Buffer
): Promise<InspectedFile | RuleError> {
  const name = cleanFileName(fileName)
  if (LINK_TYPES.includes(type)) return { field: 'file', rule: 'not_allowed', key: 'file_not_allowed' }
  const max = maxBytesFor(type)
  if (contents.length > max)
    return { field: 'file', rule: 'size', key: 'file_too_large', data: { max: formatBytes(max) } }
  if (contents.length === 0) return { field: 'file', rule: 'file', key: 'invalid_file' }

  if (IMAGE_TYPES.includes(type)) {
    const image = await imageInfo(contents)
    if (!image) return { field: 'file', rule: 'image', key: 'image_required' }
    return { contents, name, mime: image.mime, extension: image.extension, width: image.width, height: image.height }
  }
  const extension = extname(name).slice(1).toLowerCase()
  if (HTML_TYPES.includes(type)) {
    if (!['html', 'htm'].includes(extension) || !looksLikeHtml(contents))
      return { field: 'file', rule: 'html', key: 'html_required' }
    return { contents, name, mime: 'text/html', extension: 'html', width: null, height: null }
  }
  // other / hidden: any file; images and HTML are recognised so they can be previewed.
  const image = await imageInfo(contents)
  if (image)
    return { contents, name, mime: image.mime, extension: image.extension, width: image.width, height: image.height }
  if (['html', 'htm'].includes(extension) && looksLikeHtml(contents)) {
    return { contents, name, mime: 'text/html', extension: 'html', width: null, height: null }
  }
  const safeExtension = /^[a-z0-9]{1,10}$/.test(extension) ? extension : 'bin'
  return { contents, name, mime: 'application/octet-stream', extension: safeExtension, width: null, height: null }
}

export const isRuleError = (value: InspectedFile | RuleError): value is RuleError => 'key' in value && 'rule' in value

/** What the resulting record needs, given its type, link and file (the new one or the kept one). */
export function typeRuleErrors(
  type: MediaType,
  link: string | null | undefined,
  fileMime: string | null | undefined
): RuleError[] {
  const errors: RuleError[] = []
  if (IMAGE_TYPES.includes(type) && !isImageMime(fileMime))
    errors.push({ field: 'file', rule: 'required', key: 'image_required' })
  if (HTML_TYPES.includes(type) && !isHtmlMime(fileMime))
    errors.push({ field: 'file', rule: 'required', key: 'html_required' })
  if (LINK_TYPES.includes(type)) {
    if (!link) errors.push({ field: 'link', rule: 'required', key: 'link_required' })
    else {
      const hosts = LINK_HOSTS[type]
      if (hosts && !hosts.includes(hostOf(link))) errors.push({ field: 'link', rule: 'host', key: `${type}_host` })
    }
  }
  if (type === 'other' && !link && !fileMime)
    errors.push({ field: 'file', rule: 'required', key: 'file_or_link_required' })
  return errors
}

/** The host without a leading www. ('' when the link does not parse). */
function hostOf(link: string) {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

export const mediaFileKey = (organizationId: number, extension: string) =>
  `media/${organizationId}/${randomUUID()}.${extension}`
