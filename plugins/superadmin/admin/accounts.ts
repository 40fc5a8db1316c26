/* Superadmin view of organisations (GET/PATCH /api/v1/superadmin/accounts). */
export const BILLING_STATES = ['active', 'invoice_due', 'trial_end'] as const
export const ORG_TYPES = ['parent', 'child', 'brand-type'] as const
export const FEATURE_FLAGS = ['nd', 'ehi', 'an_cr', 'an_cl', 'edl', 'drr_admin', 'drr_aff', 'dra_aff', 'dir'] as const

export interface AccountSummary {
  id: number
  name: string
  type: (typeof ORG_TYPES)[number]
  panelType?: string
  parentId?: number | null
  ownerEmail: string | null
  usersCount: number
  billingState: (typeof BILLING_STATES)[number]
  panelLocked: boolean
  onboardingPending?: boolean
  createdAt: string | null
  verifiedAt: string | null
}

export interface AccountDetail extends AccountSummary {
  organization: {
    network?: boolean
    reportsInstall?: boolean
    features?: Record<string, boolean>
    preferences?: Record<string, unknown>
  }
  parent: { id: number; name: string } | null
  owner: { id: number; email: string; status: string } | null
  admins: Array<{
    id: number
    email: string
    name: string | null
    role: string
    status: string
    owner: boolean
    lastLoginAt: string | null
  }>
  children: Array<{ id: number; name: string; createdAt: string | null; verifiedAt: string | null }>
  plugins: Array<{ id: string; name: string; enabled: boolean }>
  counts: { users: number; children: number; byRole: Record<string, number> }
}

export interface AccountChanges {
  billingState: string
  panelLocked: boolean
  onboardingPending: boolean
  network: boolean
  reportsInstall: boolean
  features: Record<string, boolean>
  /** The organisation's time zone: its admins cannot change it (spec §6), the superadmin does. */
  timezone: string
}

export function toAccountForm(account: AccountDetail): AccountChanges & { id: number } {
  return {
    id: account.id,
    billingState: account.billingState,
    panelLocked: account.panelLocked,
    onboardingPending: Boolean(account.onboardingPending),
    network: Boolean(account.organization.network),
    reportsInstall: Boolean(account.organization.reportsInstall),
    features: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, Boolean(account.organization.features?.[flag])])),
    timezone: String(account.organization.preferences?.timezone ?? 'UTC'),
  }
}

/** PATCH body: only what changed. */
export function toAccountPatch(values: AccountChanges, before: AccountChanges): Partial<AccountChanges> {
  const patch: Partial<AccountChanges> = {}
  for (const key of [
    'billingState',
    'panelLocked',
    'onboardingPending',
    'network',
    'reportsInstall',
    'timezone',
  ] as const) {
    if (values[key] !== before[key]) (patch as Record<string, unknown>)[key] = values[key]
  }
  const features = Object.fromEntries(
    FEATURE_FLAGS.filter((flag) => Boolean(values.features?.[flag]) !== before.features[flag]).map((flag) => [
      flag,
      Boolean(values.features?.[flag]),
    ])
  )
  if (Object.keys(features).length) patch.features = features
  return patch
}

/** The accounts collection (the data provider's name and its API path). */
export const ACCOUNTS_RESOURCE = 'accounts'
export const ACCOUNTS_API = '/api/v1/superadmin/accounts'
