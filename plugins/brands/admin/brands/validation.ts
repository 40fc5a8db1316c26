/*
 * Client-side checks mirroring the server's validators (plugins/brands/src/validators.ts),
 * so most mistakes are caught before a round trip; the server stays the authority.
 */
import { email, maxLength, regex, required } from 'react-admin'

export const PHONE_RULE = /^\+?[0-9][0-9 ()-]{5,19}$/
const WEBSITE_RULE = /^https?:\/\/\S+$/i
const COUNTRY_RULE = /^[A-Za-z]{2}$/
const TEXT_MAX = 350

export const validateBrand = {
  name: [required(), maxLength(TEXT_MAX)],
  email: [email(), maxLength(254)],
  contact: [regex(PHONE_RULE, 'brands.validation.phone')],
  website: [regex(WEBSITE_RULE, 'brands.validation.website'), maxLength(2048)],
  companyName: [maxLength(TEXT_MAX)],
  companyAddress: [maxLength(TEXT_MAX)],
  companyCountry: [regex(COUNTRY_RULE, 'brands.validation.country')],
  companyTaxId: [maxLength(64)],
}

const WRITABLE_FIELDS = [
  'name',
  'email',
  'contact',
  'status',
  'website',
  'companyName',
  'companyAddress',
  'companyCountry',
  'companyTaxId',
] as const

/**
 * The body sent on create and update: only writable fields (the record also carries
 * read-only ones such as createdAt). A brand stores no password: its people sign in with
 * panels of their own.
 */
export function toBrandPayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of WRITABLE_FIELDS) if (field in data) payload[field] = data[field]
  return payload
}
