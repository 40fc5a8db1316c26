/*
 * The events the customers plugin owns (listed in its manifest's `extensionPoints`). Each is
 * emitted once per batch, inside the transaction that wrote the batch, so a listener (the
 * commission engine, outgoing postbacks) gets exactly the committed changes. Listeners
 * must be idempotent: the queue retries them. docs/customers.md describes them.
 */
import { defineEvent } from '@affix/core/kernel'

/** New customers (registrations) were stored. */
export interface CustomersRegistered {
  organizationId: number
  customerIds: number[]
}

/** Activity rows were created or corrected (new values replaced old ones). */
export interface ActivityChanged {
  organizationId: number
  /** Every row created or corrected by the batch. */
  activityIds: number[]
  /** The subset of `activityIds` that are corrections (their earlier values are in the revisions). */
  correctedIds: number[]
  /** Customers of those rows. */
  customerIds: number[]
  /** Customers whose first deposit (FTD) was fixed by this batch. */
  ftdCustomerIds: number[]
  /**
   * What the batch's rows are, per customer (aligned with `customerIds`), so that a listener
   * deciding how soon a change matters need not read them back: the earliest date of the
   * customer's rows in the batch, and `CHANGE_FLAGS` set when one of them has non-zero
   * deposits, a deposit count above 0, or is a correction. Absent from events queued by
   * earlier versions: read the rows then.
   */
  customerFrom?: string[]
  customerFlags?: number[]
}

/** Bits of `ActivityChanged.customerFlags`. */
export const CHANGE_FLAGS = { deposits: 1, depositCount: 2, corrected: 4 } as const

/** Conversion events (registration, ftd, deposit, c_deposit) were recorded, each with its cap decision. */
export interface ConversionsRecorded {
  organizationId: number
  conversionIds: number[]
  /** Customers of the conversions a cap denied (absent from events queued by earlier versions: read them). */
  deniedCustomerIds?: number[]
}

/** Customers were marked as fraud (cannot be undone; all their activity is fraud). */
export interface FraudMarked {
  organizationId: number
  customerIds: number[]
  markedAt: string
}

/** A customer was reassigned: its activity dated on or after `effectiveDate` earns for the new affiliate. */
export interface CustomerReassigned {
  organizationId: number
  customerId: number
  reassignmentId: number
  fromAffiliateId: number | null
  toAffiliateId: number
  effectiveDate: string
  /** Existing rows dated from `effectiveDate` that moved to the new affiliate. */
  activityIds: number[]
}

/** FX rates were set or changed. */
export interface RatesChanged {
  organizationId: number
  rates: Array<{ from: string; to: string; date: string }>
}

export const customersRegistered = defineEvent<CustomersRegistered>('customers', 'registered')
export const activityChanged = defineEvent<ActivityChanged>('customers', 'activityChanged')
export const conversionsRecorded = defineEvent<ConversionsRecorded>('customers', 'conversionsRecorded')
export const fraudMarked = defineEvent<FraudMarked>('customers', 'fraudMarked')
export const customerReassigned = defineEvent<CustomerReassigned>('customers', 'reassigned')
export const ratesChanged = defineEvent<RatesChanged>('customers', 'ratesChanged')

export const CUSTOMER_EVENTS = [
  customersRegistered,
  activityChanged,
  conversionsRecorded,
  fraudMarked,
  customerReassigned,
  ratesChanged,
]
