import vine from '@vinejs/vine'
import { SWITCHABLE_REPORTS } from '#kernel/report_switches'

const CURRENCIES = Intl.supportedValuesOf('currency')
/** IANA time zones; UTC is named explicitly (Intl's list may leave it out). */
export const TIMEZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])]
export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export const THEME_COLOR = /^(purple|blue|green|red|orange|teal|pink|indigo|#[0-9a-fA-F]{6})$/

const preferences = vine.object({
  currency: vine.string().trim().toUpperCase().in(CURRENCIES).optional(),
  language: vine.enum(['en', 'pt', 'tr'] as const).optional(),
  timezone: vine.string().trim().in(TIMEZONES).optional(),
  themeColor: vine.string().trim().regex(THEME_COLOR).optional(),
  weekStartDay: vine.enum(WEEK_DAYS).optional(),
  defaultReportDays: vine.number().withoutDecimals().min(1).max(365).optional(),
  maskCustomerId: vine.boolean().optional(),
})

export const updateOrganizationValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(350).optional(),
  preferences: preferences.optional(),
})

/** Child organisation registration by a parent (the spec's /web/v1/register/child); its admin is invited by mail. */
export const createChildValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(350),
  adminEmail: vine.string().trim().email().maxLength(254),
  adminName: vine.string().trim().maxLength(350).optional(),
  /** The child's time zone (its days, reports and commission periods); the parent's when not given. */
  timezone: vine.string().trim().in(TIMEZONES).optional(),
})

export const restrictionsValidator = vine.create({
  disableProductChanges: vine.boolean().optional(),
  maxProductsPerBrand: vine.number().withoutDecimals().min(1).max(100000).nullable().optional(),
  disabledIntegrations: vine
    .array(vine.enum(['icegaming', 'betconstruct', 'progressplay', 'apptrove'] as const))
    .distinct()
    .optional(),
  disableAffiliateInvoices: vine.boolean().optional(),
})

/** PATCH /api/v1/organization/features: the reports switched off for the organisation. */
export const reportSwitchesValidator = vine.create({
  disabledReports: vine.array(vine.enum(SWITCHABLE_REPORTS)).distinct(),
})
