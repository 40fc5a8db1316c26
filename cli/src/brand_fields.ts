/* Flags and output shared by the brands commands. */
import { Flags } from '@oclif/core'
import type { Brand, BrandsUpdateBrandData } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export const BRAND_STATUSES = ['active', 'inactive'] as const

/** Editable brand fields; an empty value ("") clears the nullable ones. */
export const brandFieldFlags = {
  email: Flags.string({ summary: 'Contact e-mail of the brand ("" clears it).' }),
  website: Flags.string({ summary: 'Website URL ("" clears it).' }),
  contact: Flags.string({ summary: 'Phone number, e.g. "+44 20 7946 0000" ("" clears it).' }),
  status: Flags.string({ summary: 'Brand status.', options: [...BRAND_STATUSES] }),
}

type BrandBody = NonNullable<BrandsUpdateBrandData['body']>

export function brandBody(flags: {
  name?: string
  email?: string
  website?: string
  contact?: string
  status?: string
}): BrandBody {
  const nullable = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? null : value)
  const body: BrandBody = {
    name: flags.name,
    email: nullable(flags.email),
    website: nullable(flags.website),
    contact: nullable(flags.contact),
    status: flags.status as BrandBody['status'],
  }
  // Leave out what was not given, so an update only touches the named fields.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as BrandBody
}

export const brandColumns: Column<Brand>[] = [
  { header: 'ID', value: (brand) => brand.id },
  { header: 'NAME', value: (brand) => brand.name },
  { header: 'STATUS', value: (brand) => brand.status },
  { header: 'EMAIL', value: (brand) => brand.email },
  { header: 'WEBSITE', value: (brand) => brand.website },
]

export function brandDetails(brand: Brand): string {
  return renderDetails([
    ['ID', brand.id],
    ['Name', brand.name],
    ['Status', brand.status],
    ['E-mail', brand.email],
    ['Website', brand.website],
    ['Contact', brand.contact],
    ['Company', brand.companyName],
    ['Country', brand.companyCountry],
    ['Created', brand.createdAt],
    ['Updated', brand.updatedAt],
  ])
}
