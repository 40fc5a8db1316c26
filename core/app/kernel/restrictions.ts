/*
 * Restrictions a parent organisation places on a child (spec §6): no product add,
 * update or delete; a maximum number of products per brand; integrations switched off;
 * no affiliate invoice generation. Plugins read them through the kernel.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from './errors.js'

export const RESTRICTABLE_INTEGRATIONS = ['icegaming', 'betconstruct', 'progressplay', 'apptrove'] as const

export interface OrganizationRestrictions {
  disableProductChanges: boolean
  maxProductsPerBrand: number | null
  disabledIntegrations: Array<(typeof RESTRICTABLE_INTEGRATIONS)[number]>
  disableAffiliateInvoices: boolean
}

export const NO_RESTRICTIONS: OrganizationRestrictions = {
  disableProductChanges: false,
  maxProductsPerBrand: null,
  disabledIntegrations: [],
  disableAffiliateInvoices: false,
}

/** An organisation's restrictions, completed with the defaults. */
export function restrictionsOf(org: {
  restrictions?: Partial<OrganizationRestrictions> | null
}): OrganizationRestrictions {
  return { ...NO_RESTRICTIONS, ...(org.restrictions ?? {}) }
}

/** The restrictions of the organisation the caller acts on (read once, by the auth middleware). */
export function restrictionsFor(ctx: HttpContext): OrganizationRestrictions {
  return ctx.tenant.restrictions
}

export const restricted = (messageKey: string) => new AppError(messageKey, 403, 'restricted')
