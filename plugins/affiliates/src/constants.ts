/* The affiliate's statuses, payment methods and where each payment field is stored. */

/** Spec §4 (pending, active, disabled, rejected, deleted) plus banned and fraud. */
export const AFFILIATE_STATUSES = ['pending', 'active', 'disabled', 'rejected', 'deleted', 'banned', 'fraud'] as const
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number]
/** What an admin may set; deleted goes through DELETE. */
export const SETTABLE_STATUSES = AFFILIATE_STATUSES.filter((status) => status !== 'deleted')

export const PAYMENT_METHODS = ['bank', 'paypal', 'cpf', 'crypto', 'custom'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Payment field (API) → column of affiliate_payment_details. */
export const PAYMENT_COLUMNS = {
  defaultMethod: 'default_method',
  bankName: 'bank_name',
  accountHolderName: 'account_holder_name',
  accountNumber: 'account_number',
  swiftCode: 'swift_code',
  ifsc: 'ifsc',
  paypalId: 'paypal_id',
  paypalEmail: 'paypal_email',
  cpf: 'cpf',
  cryptoNetwork: 'crypto_network',
  cryptoAddress: 'crypto_address',
  customPaymentName: 'custom_payment_name',
  customPaymentDetails: 'custom_payment_details',
} as const
export type PaymentField = keyof typeof PAYMENT_COLUMNS
export type PaymentDetails = Record<PaymentField, string | null>

/**
 * The fields a method needs. Paypal needs the ID or the e-mail: `anyOf` groups are met by
 * any one of their fields.
 */
export const REQUIRED_PAYMENT_FIELDS: Record<PaymentMethod, Array<PaymentField | PaymentField[]>> = {
  bank: ['bankName', 'accountHolderName', 'accountNumber', 'swiftCode'],
  paypal: [['paypalId', 'paypalEmail']],
  cpf: ['cpf'],
  crypto: ['cryptoNetwork', 'cryptoAddress'],
  custom: ['customPaymentName', 'customPaymentDetails'],
}

/** Profile field (API) → column of affiliate_profiles. */
export const PROFILE_COLUMNS = {
  tags: 'tags',
  companyName: 'company_name',
  taxId: 'tax_id',
  managerId: 'manager_id',
  groupId: 'group_id',
  currency: 'currency',
  externalId: 'external_id',
  referredById: 'referred_by',
  emailNotification: 'email_notification',
  negativeCarryover: 'negative_carryover',
  feePercent: 'fee_percent',
} as const

/** Panel field (API) → kernel panel field (the users row). */
export const PANEL_FIELDS = {
  name: 'name',
  contact: 'phone',
  skype: 'skype',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  zipcode: 'zipcode',
  status: 'status',
} as const
