/*
 * Reactions of plugins to a public signup, run inside the signup's transaction (so a failing
 * reaction undoes the signup). Core stays ignorant of what a plugin records: the affiliates
 * plugin, for one, stores who referred the new affiliate.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export interface SignupEvent {
  trx: TransactionClientContract
  organizationId: number
  userId: number
  kind: 'affiliate' | 'brand'
  /** A live affiliate of the same organisation whose referral link was used, else null. */
  referredBy: number | null
  campaignId: number | null
}

export type SignupListener = (event: SignupEvent) => Promise<void>

const listeners = new Set<SignupListener>()

/** Registers a listener (once, at load time); returns a function removing it (tests). */
export function onPanelSignup(listener: SignupListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export async function emitPanelSignup(event: SignupEvent) {
  for (const listener of listeners) await listener(event)
}
