/*
 * ISO codes every plugin validates: ISO 4217 currencies and ISO 3166-1 alpha-2 countries,
 * from the runtime's own Intl data (no list to keep up to date). Messages come from the
 * caller's scope (`<plugin>.validator.messages.currency|country`), else validator.shared.
 */
import vine from '@vinejs/vine'

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' })
/** Region codes that are not countries (unknown, European Union, United Nations, outlying Oceania, Eurozone). */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'UN', 'QO', 'EZ'])

export const isCurrencyCode = (value: string) => CURRENCIES.has(value)
export const isCountryCode = (value: string) =>
  /^[A-Z]{2}$/.test(value) && !NOT_COUNTRIES.has(value) && REGIONS.of(value) !== value

/** ISO 4217 currency code (use after .toUpperCase()). */
export const currencyRule = vine.createRule(
  (value, _options, field) => {
    if (typeof value === 'string' && !isCurrencyCode(value))
      field.report('{field} must be a valid ISO 4217 currency code', 'currency', field)
  },
  // VineJS passes the schema to fill in (the return value is ignored).
  { name: 'currency', toJSONSchema: (schema) => void Object.assign(schema, { pattern: '^[A-Z]{3}$' }) }
)

/** ISO 3166-1 alpha-2 country code (use after .toUpperCase()). */
export const countryRule = vine.createRule(
  (value, _options, field) => {
    if (typeof value === 'string' && !isCountryCode(value))
      field.report('{field} must be a valid 2-letter country code', 'country', field)
  },
  { name: 'country', toJSONSchema: (schema) => void Object.assign(schema, { pattern: '^[A-Z]{2}$' }) }
)

/**
 * VineJS dates have no JSON Schema of their own (the OpenAPI document showed them as null):
 * `vine.date(...).use(dateTimeSchema())` documents them as date-time strings. No runtime check.
 */
export const dateTimeSchema = vine.createRule(() => {}, {
  name: 'dateTimeSchema',
  toJSONSchema: (schema) => void Object.assign(schema, { type: 'string', format: 'date-time' }),
})
