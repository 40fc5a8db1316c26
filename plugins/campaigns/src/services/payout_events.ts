/*
 * The event campaigns owns about payout plans (listed in its manifest's `extensionPoints`):
 * emitted in the transaction that saved a new version of a campaign's plan, so the
 * commission ledger can re-price the campaign's open periods.
 */
import { defineEvent } from '@affix/core/kernel'

export interface PayoutChanged {
  organizationId: number
  campaignId: number
  /** The plan's new version. */
  version: number
}

export const payoutChanged = defineEvent<PayoutChanged>('campaigns', 'payoutChanged')
