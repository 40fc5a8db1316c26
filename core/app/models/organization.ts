import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { normalizeDisabledReports, type SwitchableReport } from '#kernel/report_switches'

export interface OrganizationPreferences {
  currency?: string
  language?: 'en' | 'pt' | 'tr'
  timezone?: string
  themeColor?: string
}

export default class Organization extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare type: 'parent' | 'child' | 'brand-type'

  @column()
  declare panelType: 'igaming' | 'igaming_brand' | 'network' | 'parent'

  @column()
  declare parentId: number | null

  @column()
  declare preferences: OrganizationPreferences

  @column()
  declare network: boolean

  /** Feature flags of spec §3 (nd, ehi, an_cr, an_cl, edl, drr_admin, drr_aff, dra_aff, dir). */
  @column()
  declare features: Partial<Record<string, boolean>>

  @column()
  declare reportsInstall: boolean

  @column()
  declare billingState: 'active' | 'invoice_due' | 'trial_end'

  /** Billing locked the panel: admins and sub-admins may only reach billing. */
  @column()
  declare panelLocked: boolean

  @column()
  declare onboardingPending: boolean

  /** Set by the parent organisation (see app/kernel/restrictions.ts). */
  @column()
  declare restrictions: Partial<import('#kernel/restrictions').OrganizationRestrictions>

  /** Set by a superadmin (POST /superadmin/accounts/:id/verify). */
  @column.dateTime()
  declare verifiedAt: DateTime | null

  /** Reports the admin switched off for the whole organisation (app/kernel/report_switches.ts). */
  // jsonb arrays must be sent as JSON text: pg would send a JS array as a PostgreSQL array.
  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare disabledReports: SwitchableReport[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  serialize() {
    return {
      id: this.id,
      name: this.name,
      type: this.type,
      panelType: this.panelType,
      parentId: this.parentId,
      network: this.network ?? false,
      features: this.features ?? {},
      reportsInstall: this.reportsInstall ?? false,
      createdAt: this.createdAt?.toISO() ?? null,
      verifiedAt: this.verifiedAt?.toISO() ?? null,
      disabledReports: normalizeDisabledReports(this.disabledReports),
    }
  }
}
