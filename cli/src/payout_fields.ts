/* What the `affix payouts` commands share: the row table, the row filter flags and the bulk status actions. */
import { Args, Flags } from '@oclif/core'
import {
  payoutsApproveRows,
  payoutsDenyRows,
  payoutsHoldRows,
  payoutsPayRows,
  unwrap,
  type CommissionRow,
  type CommissionStatusResult,
} from '@affix/sdk'
import { AffixCommand } from './affix_command.js'
import type { Column } from './output.js'

/** The API says pending; people (and the spec's payout statuses) say unapproved. */
export const STATUS_LABEL: Record<string, string> = { pending: 'unapproved' }
export const statusLabel = (status: string) => STATUS_LABEL[status] ?? status
const ROW_TYPES = [
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
]
const STATUS_OPTIONS = ['unapproved', 'approved', 'paid', 'denied', 'hold', 'pending_fx']
const apiStatus = (status: string) => (status === 'unapproved' ? 'pending' : status)

export const rowColumns: Column<CommissionRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'PERIOD', value: (row) => row.period },
  { header: 'DATE', value: (row) => row.date },
  { header: 'TYPE', value: (row) => row.type },
  { header: 'STATUS', value: (row) => statusLabel(row.status) },
  { header: 'AFFILIATE', value: (row) => row.affiliateId },
  { header: 'BRAND', value: (row) => row.brandId },
  { header: 'CUSTOMER', value: (row) => row.customerId },
  { header: 'AMOUNT', value: (row) => (row.amount === null ? 'waiting for a rate' : row.amount) },
  { header: 'CURR', value: (row) => row.currency },
  { header: 'NOTE', value: (row) => [row.provisional ? 'provisional' : '', row.denyReason ?? ''].join(' ').trim() },
]

/** Filters shared by `payouts list` and the bulk actions (each may be repeated). */
export const rowFilterFlags = {
  period: Flags.string({ summary: 'Period (YYYY-MM, or a week’s first date); repeat for several.', multiple: true }),
  affiliate: Flags.integer({ summary: 'Affiliate ID; repeat for several.', min: 1, multiple: true }),
  campaign: Flags.integer({ summary: 'Campaign ID; repeat for several.', min: 1, multiple: true }),
  brand: Flags.integer({ summary: 'Brand ID; repeat for several.', min: 1, multiple: true }),
  type: Flags.string({ summary: 'Row type; repeat for several.', options: ROW_TYPES, multiple: true }),
  status: Flags.string({ summary: 'Row status; repeat for several.', options: STATUS_OPTIONS, multiple: true }),
}

export interface RowFilterValues {
  period?: string[]
  affiliate?: number[]
  campaign?: number[]
  brand?: number[]
  type?: string[]
  status?: string[]
}

/** The API's row filter (only the flags given). */
export function rowFilter(flags: RowFilterValues) {
  const filter = {
    period: flags.period,
    affiliateId: flags.affiliate,
    campaignId: flags.campaign,
    brandId: flags.brand,
    type: flags.type,
    status: flags.status?.map(apiStatus),
  }
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value?.length)) as {
    period?: string[]
    affiliateId?: number[]
    campaignId?: number[]
    brandId?: number[]
    type?: string[]
    status?: string[]
  }
}

const ACTIONS = { approve: payoutsApproveRows, deny: payoutsDenyRows, hold: payoutsHoldRows, pay: payoutsPayRows }
const DONE = { approve: 'approved', deny: 'denied', hold: 'held', pay: 'marked paid' }

/** Each command names these itself (and `strict = false` for several IDs): oclif reads a command's own statics, not inherited ones. */
export const statusActionArgs = {
  ids: Args.integer({ description: 'Row IDs (or choose rows with the filter flags)', min: 1 }),
}

/**
 * approve, deny, hold and mark-paid: rows named by id change all or none (the server names
 * the refused ones); rows chosen by filter change where they may, the rest counted by reason.
 */
export abstract class StatusActionCommand extends AffixCommand {
  protected abstract readonly action: keyof typeof ACTIONS

  protected async apply(
    argv: unknown[],
    flags: RowFilterValues & { reason?: string; reference?: string }
  ): Promise<CommissionStatusResult> {
    const ids = argv.map((value) => {
      const id = Number(value)
      if (!Number.isInteger(id) || id < 1) this.error(`Not a row ID: ${String(value)}`, { exit: 2 })
      return id
    })
    const filter = rowFilter(flags)
    if (ids.length && Object.keys(filter).length)
      this.error('Name rows by ID or choose them with filters, not both.', { exit: 2 })
    if (!ids.length && !Object.keys(filter).length)
      this.error('Name the rows by ID or choose them with filters.', {
        exit: 2,
        suggestions: [`e.g. ${this.config.bin} ${this.id} 12 13, or ${this.config.bin} ${this.id} --period 2026-10`],
      })
    const { client } = await this.client()
    const body = {
      ...(ids.length ? { ids } : { filter }),
      ...(flags.reason ? { reason: flags.reason } : {}),
      ...(flags.reference ? { reference: flags.reference } : {}),
    }
    const result = await unwrap(ACTIONS[this.action]({ client, body }))
    this.log(`${result.changed} row${result.changed === 1 ? '' : 's'} ${DONE[this.action]}.`)
    for (const [reason, count] of Object.entries(result.refused))
      this.log(`  ${count} left as they were: ${reason.replace(/_/g, ' ')}`)
    return result
  }
}
