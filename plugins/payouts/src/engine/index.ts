/*
 * The commission engine (pure: no database, no clock, no I/O). The ledger feeds it inputs,
 * compares its desired rows with the recorded ones (diffLedger) and applies the operations;
 * at a close it adds the carryover and referral rows (closePeriod). docs/commissions.md
 * describes every number and the contract.
 */
export * from './money.js'
export * from './periods.js'
export * from './formula.js'
export * from './plan.js'
export * from './types.js'
export { computeRows, computeRowsYielding } from './compute.js'
export {
  diffLedger,
  applyOperations,
  recordAll,
  originOf,
  correctionKey,
  clawbackKey,
  type Operation,
  type DiffInput,
} from './diff.js'
export {
  closePeriod,
  referralChain,
  type CloseInput,
  type CloseOutput,
  type CarryBalance,
  type ReferralSetting,
  type PeriodRow,
} from './close.js'
