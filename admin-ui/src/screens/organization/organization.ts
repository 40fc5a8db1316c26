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
  /** The branding plugin's images (null while it is off). */
  logoUrl?: string | null
  loginLogoUrl?: string | null
  favIconUrl?: string | null
  restrictions?: Restrictions
  preferences: Preferences
}

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
