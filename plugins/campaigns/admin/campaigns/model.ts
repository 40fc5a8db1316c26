/*
 * The campaign form's model: enums, the wizard's steps and the fields each holds, client
 * checks mirroring the server's validators (plugins/campaigns/src/validators.ts; the server
 * stays the authority) and the body sent on create and update.
 */
import { maxLength, maxValue, minValue, regex, required, type Validator } from 'react-admin'

export const CAMPAIGNS_API = '/api/v1/campaigns/campaigns'
export const ACCESS_API = '/api/v1/campaigns/campaign-access-requests'
/** A campaign's caps and targeting rule blocks: react-admin resources of their own, nested in the campaign's path. */
export const CAPS_RESOURCE = 'campaign-caps'
export const RULE_BLOCKS_RESOURCE = 'campaign-rule-blocks'

export const CAMPAIGN_STATUSES = ['active', 'paused', 'disabled', 'suspended'] as const
export const VISIBILITIES = ['public', 'private'] as const
export const COMMISSION_VARIABLES = ['ftd', 'leads', 'ngr', 'c_deposit', 'd'] as const
/** Macros the default URL is checked for (the server's URL validator, "any" mode: at least one). */
export const DEFAULT_URL_MACROS = ['click_id'] as const

export const choices = (prefix: string, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }))
export const statusChoices = choices('campaigns.status', CAMPAIGN_STATUSES)
export const visibilityChoices = choices('campaigns.visibility', VISIBILITIES)
export const commissionVariableChoices = choices('campaigns.commission_variables', COMMISSION_VARIABLES)

export const TEXT_MAX = 350
const v = (key: string) => `campaigns.validation.${key}`
const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i

export const validateCampaign: Record<string, Validator[]> = {
  title: [required(), maxLength(TEXT_MAX)],
  brandId: [required()],
  status: [required()],
  visibility: [required()],
  defaultUrl: [required(v('url_required')), regex(HTTP_URL, v('url_invalid')), maxLength(2048)],
  optionalUrl: [regex(HTTP_URL, v('url_invalid')), maxLength(2048)],
  description: [maxLength(5000)],
  currency: [regex(/^[A-Za-z]{3}$/, v('currency'))],
  externalId: [maxLength(100)],
  attributionWindowDays: [minValue(1, v('attribution_window')), maxValue(365, v('attribution_window'))],
}

export const WIZARD_STEPS = ['basic', 'advanced', 'payout'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export const BASIC_FIELDS = [
  'title',
  'brandId',
  'productIds',
  'status',
  'visibility',
  'defaultUrl',
  'previewUrl',
  'fallbackUrl',
  'appLink',
  'description',
] as const
export const ADVANCED_FIELDS = [
  'currency',
  'commissionVariable',
  'coverageCountries',
  'primaryGroupId',
  'groupIds',
  'externalId',
  'isDynamic',
  'isPersistent',
  'attributionWindowDays',
  'expiresAt',
  'featured',
  'shortLinkDefault',
  'overrideCustomerCountry',
  'accessByRequest',
  'accessQuestions',
] as const

/** The step holding a field named in an error (client or a server 422). */
export function stepOfField(field: string): number {
  const name = field.split(/[.[]/)[0]
  if (name === 'payout') return WIZARD_STEPS.indexOf('payout')
  if ((ADVANCED_FIELDS as readonly string[]).includes(name)) return WIZARD_STEPS.indexOf('advanced')
  return WIZARD_STEPS.indexOf('basic')
}

const WRITABLE_FIELDS = [...BASIC_FIELDS, ...ADVANCED_FIELDS] as const
const NULLABLE_TEXT = ['previewUrl', 'fallbackUrl', 'appLink', 'description', 'externalId'] as const

/**
 * The campaign body (no payout: that goes through PUT /campaigns/:id/payout): writable
 * fields only, empty optional texts as null, the expiry as an ISO instant, questions
 * without blank rows.
 */
export function toCampaignPayload(data: Record<string, any>): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of WRITABLE_FIELDS) if (field in data && data[field] !== undefined) payload[field] = data[field]
  for (const field of NULLABLE_TEXT) {
    if (field in payload) {
      const value = typeof payload[field] === 'string' ? (payload[field] as string).trim() : payload[field]
      payload[field] = value === '' || value == null ? null : value
    }
  }
  if (typeof payload.title === 'string') payload.title = payload.title.trim()
  if (typeof payload.defaultUrl === 'string') payload.defaultUrl = payload.defaultUrl.trim()
  if (typeof payload.currency === 'string') {
    payload.currency = payload.currency.trim().toUpperCase()
    if (payload.currency === '') delete payload.currency
  }
  if ('expiresAt' in payload) {
    const value = payload.expiresAt
    payload.expiresAt = value ? new Date(value as string).toISOString() : null
  }
  if (payload.attributionWindowDays === '' || payload.attributionWindowDays === null)
    delete payload.attributionWindowDays
  else if (payload.attributionWindowDays !== undefined)
    payload.attributionWindowDays = Number(payload.attributionWindowDays)
  if (Array.isArray(payload.coverageCountries))
    payload.coverageCountries = (payload.coverageCountries as string[])
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean)
  if (Array.isArray(payload.accessQuestions)) {
    payload.accessQuestions = (payload.accessQuestions as Array<{ question?: string; required?: boolean } | null>)
      .filter((entry): entry is { question: string; required?: boolean } => Boolean(entry?.question?.trim()))
      .map((entry) => ({ question: entry.question.trim(), required: Boolean(entry.required) }))
  }
  if (payload.primaryGroupId === '') payload.primaryGroupId = null
  return payload
}

/** A datetime-local value (the browser's zone) for an ISO instant, as the form's expiry input wants it. */
export function toLocalDateTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (part: number) => String(part).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export const CREATE_DEFAULTS = {
  status: 'active',
  visibility: 'public',
  commissionVariable: 'ftd',
  currency: 'USD',
  productIds: [],
  coverageCountries: [],
  groupIds: [],
  isDynamic: false,
  isPersistent: false,
  attributionWindowDays: 30,
  featured: false,
  shortLinkDefault: false,
  overrideCustomerCountry: false,
  accessByRequest: true,
  accessQuestions: [],
}

/**
 * Featured campaigns are the spec's /manage/campaign?featured: the query (any value but
 * false/0) becomes the list's featured filter. Null when the URL asks for no such view.
 */
export function featuredListSearch(search: string): string | null {
  const featured = new URLSearchParams(search).get('featured')
  if (featured === null || featured === 'false' || featured === '0') return null
  return `?${new URLSearchParams({ filter: JSON.stringify({ featured: true }) })}`
}
