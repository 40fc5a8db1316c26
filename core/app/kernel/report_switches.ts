/*
 * Report switches (spec §6 "Admin can disable customer, activity and conversion reports";
 * §8 "Customer, Activity, Conversion reports are disabled by Admin"). The admin switches a
 * report off for the whole organisation, every role included; the admin can switch it back.
 *
 * Naming convention of report permissions: the subject of a report is `report.<name>`
 * (names as in REPORT_NAMES of team_scope.ts), finer subjects of one report are
 * `report.<name>.<part>` (e.g. `report.conversion.logs`). Switching a report off removes
 * the abilities of its subject and of every finer subject, in every role.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from './errors.js'
import { tenantOf } from './tenancy.js'
import type { Ability } from './permissions.js'

export const SWITCHABLE_REPORTS = ['customer', 'activity', 'conversion'] as const
export type SwitchableReport = (typeof SWITCHABLE_REPORTS)[number]

export const reportSubject = (report: string) => `report.${report}`

/** A stored value read defensively: only known report names, once each, in catalogue order. */
export function normalizeDisabledReports(raw: unknown): SwitchableReport[] {
  const values = Array.isArray(raw) ? raw.map(String) : []
  return SWITCHABLE_REPORTS.filter((report) => values.includes(report))
}

/** Removes the abilities of the switched-off reports (their subject and finer subjects). */
export function withoutDisabledReports(abilities: Ability[], disabled: readonly string[]): Ability[] {
  if (!disabled.length) return abilities
  const subjects = disabled.map(reportSubject)
  return abilities.filter(({ subject }) => !subjects.some((off) => subject === off || subject.startsWith(`${off}.`)))
}

export const reportDisabled = () => new AppError('report_switches.disabled', 403, 'report_disabled')

/**
 * For report plugins: answers 403 "Customer, Activity, Conversion reports are disabled by
 * Admin" when the admin switched the report off for the organisation acted on.
 */
export async function assertReportEnabled(ctx: HttpContext, report: SwitchableReport): Promise<void> {
  const row = await db
    .from('organizations')
    .where('id', tenantOf(ctx).organizationId)
    .select('disabled_reports')
    .first()
  if (normalizeDisabledReports(row?.disabled_reports).includes(report)) throw reportDisabled()
}
