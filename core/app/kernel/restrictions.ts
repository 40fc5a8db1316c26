/*
 * Restrictions a parent organisation places on a child (spec §6): no product add,
 * update or delete; a maximum number of products per brand; integrations switched off;
 * no affiliate invoice generation. Plugins read them through the kernel.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
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

export async function restrictionsOf(organizationId: number): Promise<OrganizationRestrictions> {
  const row = await db.from('organizations').where('id', organizationId).select('restrictions').first()
  return { ...NO_RESTRICTIONS, ...(row?.restrictions ?? {}) }
}

/** The restrictions of the organisation the caller acts on. */
export function restrictionsFor(ctx: HttpContext) {
  return restrictionsOf(ctx.tenant.organizationId)
}

export const restricted = (messageKey: string) => new AppError(messageKey, 403, 'restricted')
