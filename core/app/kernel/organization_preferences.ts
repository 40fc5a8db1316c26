/*
 * An organisation's preferences (spec §3, §9), read one way for everyone: the stored JSON
 * completed by the defaults, each field checked so a malformed stored value falls back to its
 * default instead of reaching a plugin. Plugins read them here, never from `organizations`.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type WeekDay = (typeof WEEK_DAYS)[number]
export const PREFERENCE_LANGUAGES = ['en', 'pt', 'tr'] as const

export interface OrganizationPreferences {
  /** ISO 4217, upper case. */
  currency: string
  language: (typeof PREFERENCE_LANGUAGES)[number]
  /** IANA zone: cap periods and reports are counted in it. */
  timezone: string
  themeColor: string
  weekStartDay: WeekDay
  defaultReportDays: number
  maskCustomerId: boolean
}

export const DEFAULT_PREFERENCES: OrganizationPreferences = {
  currency: 'BRL',
  language: 'en',
  timezone: 'UTC',
  themeColor: 'purple',
  weekStartDay: 'monday',
  defaultReportDays: 30,
  maskCustomerId: false,
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))
const TIMEZONES = new Set(Intl.supportedValuesOf('timeZone'))
const THEME_COLOR = /^(purple|blue|green|red|orange|teal|pink|indigo|#[0-9a-fA-F]{6})$/

function parse(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      return parse(JSON.parse(raw))
    } catch {
      return {}
    }
  }
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
}

/** The stored preferences (JSON text or object, possibly partial or malformed) with every field valid. */
export function completePreferences(raw: unknown): OrganizationPreferences {
  const stored = parse(raw)
  const currency = typeof stored.currency === 'string' ? stored.currency.trim().toUpperCase() : ''
  const timezone = typeof stored.timezone === 'string' ? stored.timezone.trim() : ''
  const days = Number(stored.defaultReportDays)
  const pick = <T>(ok: boolean, value: unknown, fallback: T) => (ok ? (value as T) : fallback)
  return {
    currency: CURRENCIES.has(currency) ? currency : DEFAULT_PREFERENCES.currency,
    language: pick(
      PREFERENCE_LANGUAGES.includes(stored.language as never),
      stored.language,
      DEFAULT_PREFERENCES.language
    ),
    timezone: TIMEZONES.has(timezone) || timezone === 'UTC' ? timezone : DEFAULT_PREFERENCES.timezone,
    themeColor: pick(
      typeof stored.themeColor === 'string' && THEME_COLOR.test(stored.themeColor),
      stored.themeColor,
      DEFAULT_PREFERENCES.themeColor
    ),
    weekStartDay: pick(
      WEEK_DAYS.includes(stored.weekStartDay as never),
      stored.weekStartDay,
      DEFAULT_PREFERENCES.weekStartDay
    ),
    defaultReportDays:
      Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_PREFERENCES.defaultReportDays,
    maskCustomerId: pick(
      typeof stored.maskCustomerId === 'boolean',
      stored.maskCustomerId,
      DEFAULT_PREFERENCES.maskCustomerId
    ),
  }
}

/** The organisation's preferences with defaults (an unknown organisation gets the defaults). */
export async function organizationPreferences(
  organizationId: number,
  client?: QueryClientContract
): Promise<OrganizationPreferences> {
  const row = await (client ?? db).from('organizations').where('id', organizationId).select('preferences').first()
  return completePreferences(row?.preferences)
}

/** Who an organisation is, for a page without a tenant (a signup form): its name and preferences; null when unknown. */
export async function organizationProfile(
  organizationId: number,
  client?: QueryClientContract
): Promise<{ id: number; name: string; preferences: OrganizationPreferences } | null> {
  if (!Number.isSafeInteger(organizationId) || organizationId <= 0) return null
  const row = await (client ?? db)
    .from('organizations')
    .where('id', organizationId)
    .select('id', 'name', 'preferences')
    .first()
  return row ? { id: Number(row.id), name: row.name, preferences: completePreferences(row.preferences) } : null
}

/**
 * The organisation's signup form as stored (organizations.signup_settings, a column core kept
 * when the signup plugin left it): raw JSON the signup plugin reads and checks itself.
 */
export async function storedSignupSettings(organizationId: number, client?: QueryClientContract): Promise<unknown> {
  const row = await (client ?? db).from('organizations').where('id', organizationId).select('signup_settings').first()
  return row?.signup_settings ?? null
}

/** Stores the organisation's signup form (the signup plugin has checked it). */
export async function storeSignupSettings(trx: TransactionClientContract, organizationId: number, settings: unknown) {
  await trx
    .from('organizations')
    .where('id', organizationId)
    .update({ signup_settings: JSON.stringify(settings), updated_at: new Date() })
}
