/*
 * The events the payouts plugin owns (its manifest's `extensionPoints`), emitted in the
 * transaction that wrote the rows: outgoing postbacks and webhooks listen to them.
 */
import { defineEvent } from '@affix/core/kernel'

/** Commission rows were created (by a recomputation or a close); their keys. */
export interface CommissionsCreated {
  organizationId: number
  keys: string[]
}

/** Rows were approved (ids of the rows). */
export interface CommissionsApproved {
  organizationId: number
  rowIds: number[]
}

/** A period was closed. */
export interface PeriodClosed {
  organizationId: number
  period: string
}

export const commissionsCreated = defineEvent<CommissionsCreated>('payouts', 'commissionsCreated')
export const commissionsApproved = defineEvent<CommissionsApproved>('payouts', 'commissionsApproved')
export const periodClosed = defineEvent<PeriodClosed>('payouts', 'periodClosed')

export const PAYOUT_EVENTS = [commissionsCreated, commissionsApproved, periodClosed]
