/*
 * What other plugins may use of `payouts`: its events (postbacks and webhooks listen to
 * them) and the engine's pure types. Importing this registers nothing.
 */
export {
  commissionsCreated,
  commissionsApproved,
  periodClosed,
  type CommissionsCreated,
  type CommissionsApproved,
  type PeriodClosed,
} from './events.js'
export type { RowType, RowStatus, Explanation } from './engine/index.js'
