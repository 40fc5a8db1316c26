import vine from '@vinejs/vine'
import { LOGO_KINDS } from '#services/branding'
import { SWITCHABLE_REPORTS } from '#kernel/report_switches'

/** The `kind` of POST /organization/logo (multipart, beside the file) and DELETE ?kind=. */
export const logoKindValidator = vine.create({
  kind: vine.enum(LOGO_KINDS),
})

/** GET /api/v1/auth/meta?orgId= */
export const metaQueryValidator = vine.create({
  orgId: vine.number().withoutDecimals().min(1).max(2147483647).optional(),
})

/** PATCH /api/v1/organization/features: the reports switched off for the organisation. */
export const reportSwitchesValidator = vine.create({
  disabledReports: vine.array(vine.enum(SWITCHABLE_REPORTS)).distinct(),
})
