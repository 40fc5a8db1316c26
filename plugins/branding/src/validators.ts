import vine from '@vinejs/vine'
import { LOGO_KINDS } from './services/branding.js'

/** The `kind` of POST /branding/logo (multipart, beside the file) and DELETE ?kind=. */
export const logoKindValidator = vine.create({
  kind: vine.enum(LOGO_KINDS),
})
