/*
 * Reactions of plugins to a public signup, run inside the signup's transaction (so a failing
 * reaction undoes the signup). Core stays ignorant of what a plugin records: the affiliates
 * plugin, for one, stores who referred the new affiliate (manifest:
 * `hooks: [panelSignup.provide(recordReferral)]`).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { defineHook } from './extensions.js'

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

/** Core's hook: contributions run in install order inside the signup's transaction. */
export const panelSignup = defineHook<SignupListener>('core', 'panelSignup')

export async function emitPanelSignup(event: SignupEvent) {
  for (const listener of panelSignup.contributions()) await listener(event)
}
