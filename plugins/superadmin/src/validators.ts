import vine from '@vinejs/vine'
import { FEATURE_FLAGS, TIMEZONES, type FeatureFlag, type ListOptions } from '@affix/core/kernel'

const optionalBoolean = () => vine.boolean().optional()

/** Spec §3 feature flags, each true or false; flags not sent are kept, unknown ones are refused by the controller. */
const featureFlags = vine.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, optionalBoolean()])) as Record<
    FeatureFlag,
    ReturnType<typeof optionalBoolean>
  >
)

/** PATCH /api/v1/superadmin/accounts/:id: what a superadmin may change on an account. */
export const updateAccountValidator = vine.create({
  billingState: vine.enum(['active', 'invoice_due', 'trial_end'] as const).optional(),
  panelLocked: vine.boolean().optional(),
  onboardingPending: vine.boolean().optional(),
  network: vine.boolean().optional(),
  reportsInstall: vine.boolean().optional(),
  features: featureFlags.optional(),
  /** The organisation's time zone: locked for its own admins (spec §6), changed here on request. */
  timezone: vine.string().trim().in(TIMEZONES).optional(),
})

/** GET /api/v1/superadmin/accounts: paging, sort and filters (allow-list). */
export const ACCOUNT_LIST: ListOptions = {
  sortable: { name: 'name', createdAt: 'created_at', id: 'id' },
  filterable: {
    type: { column: 'type', kind: 'eq', values: ['parent', 'child', 'brand-type'] },
    billingState: { column: 'billing_state', kind: 'eq', values: ['active', 'invoice_due', 'trial_end'] },
    // Applied by the controller (verified_at set or not), never as a column equality.
    verified: { column: 'verified_at', kind: 'eq', values: ['true', 'false'] },
  },
  search: ['name'],
  defaultSort: ['createdAt', 'desc'],
}
