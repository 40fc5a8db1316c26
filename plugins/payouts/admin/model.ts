/* The ledger API (/api/v1/payouts) as the screens use it: paths, records and small helpers. */
import { usePermissions } from 'react-admin'
import type { Permissions } from '@affix/admin-ui/plugin-api'

export const PAYOUTS_API = '/api/v1/payouts'
export const ROWS_RESOURCE = 'engagements/payout'

export const ROW_TYPES = [
  'registration',
  'cpa',
  'deposit_cpa',
  'cumulative_deposit',
  'cpc',
  'revshare',
  'correction',
  'clawback',
  'carryover',
  'referral',
] as const
export const ROW_STATUSES = ['pending', 'approved', 'paid', 'denied', 'hold', 'pending_fx'] as const

/** The colour a row status wears (the shell's status tags). */
export const STATUS_TAG: Record<string, string> = {
  pending: 'pending',
  approved: 'active',
  paid: 'success',
  denied: 'rejected',
  hold: 'paused',
  pending_fx: 'pending',
}

export interface CommissionRow {
  id: number
  type: string
  status: string
  denyReason: string | null
  statusNote: string | null
  period: string
  date: string
  affiliateId: number
  campaignId: number | null
  brandId: number | null
  customerId: number | null
  currency: string
  amount: string | null
  provisional: boolean
  paymentReference: string | null
  explanation?: Record<string, unknown>
  history?: Array<{ from: string; to: string; reason: string | null; reference: string | null; at: string }>
}

export interface Statement {
  affiliateId: number
  period: string
  closed: boolean
  currency: string
  cpa: string
  revshare: string
  carryover: string
  referral: string
  adjustment: string
  total: string
  byStatus: Record<'unapproved' | 'approved' | 'paid' | 'hold' | 'denied', string>
  waitingForRates: number
  rows: number
}

export interface PeriodInfo {
  period: string
  start: string
  end: string
  status: 'open' | 'closed'
  closedAt: string | null
  scheduledCloseOn: string | null
  canClose: boolean
}

export interface Periods {
  periodKind: 'monthly' | 'weekly'
  closeDelayDays: number
  lastClosed: string | null
  earliestOpen: string | null
  periods: PeriodInfo[]
}

export interface CloseSummary {
  period: string
  start: string
  end: string
  customersRecomputed: number
  rowsInserted: number
  rowsUpdated: number
  rowsDeleted: number
  carryoverRows: number
  referralRows: number
  totals: Array<{ currency: string; type: string; amount: string; rows: number }>
}

/** Whether the account holds an ability (subjects such as `payouts.periods` are not resources). */
export function useAbility(subject: string, action: string): boolean {
  const { permissions } = usePermissions<Permissions>()
  return Boolean(
    permissions?.superuser ||
    permissions?.abilities?.some((ability) => ability.subject === subject && ability.action === action)
  )
}

/** The rows list filtered to what a statement or balance adds up. */
export function rowsLink(filter: Record<string, unknown>): string {
  return `/${ROWS_RESOURCE}?${new URLSearchParams({ filter: JSON.stringify(filter), order: 'DESC', sort: 'id' })}`
}
