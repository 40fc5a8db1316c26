/* The organisation acted on (GET /api/v1/organization) and its preferences (spec §3). */

export const THEME_COLOURS = ['purple', 'blue', 'green', 'red', 'orange', 'teal', 'pink', 'indigo'] as const
export const THEME_COLOUR_RULE = /^(purple|blue|green|red|orange|teal|pink|indigo|#[0-9a-fA-F]{6})$/
export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export const INTEGRATIONS = ['icegaming', 'betconstruct', 'progressplay', 'apptrove'] as const

export interface Restrictions {
  disableProductChanges?: boolean
  maxProductsPerBrand?: number | null
  disabledIntegrations?: Array<(typeof INTEGRATIONS)[number]>
  disableAffiliateInvoices?: boolean
}

export interface Preferences {
  currency: string
  language: 'en' | 'pt' | 'tr'
  timezone: string
  themeColor: string
  weekStartDay: string
  defaultReportDays: number
  maskCustomerId: boolean
}

export interface Organization {
  id: number
  name: string
  type: 'parent' | 'child' | 'brand-type'
  panelType?: string
  parentId?: number | null
  createdAt?: string | null
  verifiedAt?: string | null
  logoUrl?: string | null
  loginLogoUrl?: string | null
  favIconUrl?: string | null
  restrictions?: Restrictions
  preferences: Preferences
}

export interface LogoUrls {
  logoUrl: string | null
  loginLogoUrl: string | null
  favIconUrl: string | null
}

export type LogoKind = 'logo' | 'loginLogo' | 'icon'

/** Spec §9 sizes, and where each image's URL comes back. */
export const LOGO_KINDS: Array<{ kind: LogoKind; width: number; height: number; urlKey: keyof LogoUrls }> = [
  { kind: 'logo', width: 386, height: 74, urlKey: 'logoUrl' },
  { kind: 'loginLogo', width: 450, height: 150, urlKey: 'loginLogoUrl' },
  { kind: 'icon', width: 16, height: 16, urlKey: 'favIconUrl' },
]

/** PATCH /api/v1/organization: the name and the preferences that may change (never the timezone). */
export function toOrganizationPayload(values: { name?: string; preferences?: Partial<Preferences> }) {
  const { timezone: _locked, ...preferences } = values.preferences ?? {}
  return {
    name: values.name?.trim(),
    preferences: {
      ...preferences,
      defaultReportDays:
        preferences.defaultReportDays === undefined ? undefined : Number(preferences.defaultReportDays),
      maskCustomerId: Boolean(preferences.maskCustomerId),
    },
  }
}
