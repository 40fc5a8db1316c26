/*
 * Public creative links: a banner pasted on an affiliate's site loads its image without a
 * login. The link is named by the media's random public token (never its id), and only
 * images of media that are live for affiliates (active, not hidden, not deleted) are served.
 */
import { createHash } from 'node:crypto'
import { extname } from 'node:path'
import type Media from '../models/media.js'
import { isImageMime } from './media_files.js'

export const PUBLIC_CREATIVES_PATH = '/api/v1/media/public/creatives'

/** `<token>.<ext>`: the token is base64url (model) or hex (rows from before the column). */
const CREATIVE_FILE = /^([A-Za-z0-9_-]{20,64})\.([a-z0-9]{1,10})$/

const extensionOf = (fileKey: string) => extname(fileKey).slice(1).toLowerCase()

/** Changes with the file, so a versioned link can be cached as immutable. */
export const creativeVersion = (fileKey: string) => createHash('sha256').update(fileKey).digest('hex').slice(0, 12)

/** Whether the media's file can have a public link at all (while it is active). */
export const hasPublicLink = (media: Media) =>
  Boolean(media.fileKey) && isImageMime(media.fileMime) && media.type !== 'hidden'

/** Whether the link answers now. */
export const servedPublicly = (media: Media) => hasPublicLink(media) && media.status === 'active' && !media.deletedAt

/** `<base>/api/v1/media/public/creatives/<token>.<ext>?v=<version>`, or null when the file has no public link. */
export function publicCreativeUrl(base: string, media: Media) {
  if (!hasPublicLink(media)) return null
  return `${base}${PUBLIC_CREATIVES_PATH}/${media.publicToken}.${extensionOf(media.fileKey!)}?v=${creativeVersion(media.fileKey!)}`
}

export function parseCreativeFile(file: string) {
  const match = CREATIVE_FILE.exec(file)
  return match ? { token: match[1], extension: match[2] } : null
}

/** The link names the stored file's own extension, so one file has exactly one URL. */
export const matchesExtension = (media: Media, extension: string) =>
  Boolean(media.fileKey) && extensionOf(media.fileKey!) === extension
