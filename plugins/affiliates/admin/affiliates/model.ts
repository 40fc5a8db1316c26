/*
 * The affiliate form's model: statuses, payment methods, the wizard's steps and which
 * fields each holds, client checks mirroring the server's validators (the server stays
 * the authority) and the body sent on create and update.
 */
import { email, maxLength, maxValue, minValue, regex, required, type Validator } from 'react-admin'

export const AFFILIATE_STATUSES = ['pending', 'active', 'disabled', 'rejected', 'deleted', 'banned', 'fraud'] as const
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number]
/** Statuses an admin may set (deleted goes through Delete). */
export const SETTABLE_STATUSES = AFFILIATE_STATUSES.filter((status) => status !== 'deleted')

export const statusChoices = (statuses: readonly string[] = AFFILIATE_STATUSES) =>
  statuses.map((status) => ({ id: status, name: `affiliates.status.${status}` }))

export const PAYMENT_METHODS = ['bank', 'paypal', 'cpf', 'crypto', 'custom'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const paymentMethodChoices = PAYMENT_METHODS.map((method) => ({
  id: method,
  name: `affiliates.payment_methods.${method}`,
}))

/** The payment fields of each method, in the order they are shown. */
export const PAYMENT_FIELDS: Record<PaymentMethod, readonly string[]> = {
  bank: ['bankName', 'accountHolderName', 'accountNumber', 'swiftCode', 'ifsc'],
  paypal: ['paypalId', 'paypalEmail'],
  cpf: ['cpf'],
  crypto: ['cryptoNetwork', 'cryptoAddress'],
  custom: ['customPaymentName', 'customPaymentDetails'],
}
export const ALL_PAYMENT_FIELDS = Object.values(PAYMENT_FIELDS).flat()

export const PHONE_RULE = /^\+?[0-9][0-9 ()-]{5,19}$/
export const COUNTRY_RULE = /^[A-Za-z]{2}$/
export const CURRENCY_RULE = /^[A-Za-z]{3}$/
/** 11 digits, bare or as 000.000.000-00 (the server keeps the digits). */
export const CPF_RULE = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/
export const SWIFT_RULE = /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/
export const IFSC_RULE = /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/
/** A percentage with at most two decimals. */
export const PERCENT_RULE = /^\d{1,3}(\.\d{1,2})?$/
export const TEXT_MAX = 350

const v = (key: string) => `affiliates.validation.${key}`

/** CPF check digits (the server's rule): 11 digits, not all equal, both verifiers right. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '')
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  const verifier = (length: number) => {
    const sum = [...digits.slice(0, length)].reduce(
      (total, digit, index) => total + Number(digit) * (length + 1 - index),
      0
    )
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return verifier(9) === Number(digits[9]) && verifier(10) === Number(digits[10])
}

const validCpf: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && CPF_RULE.test(value) && !isValidCpf(value) ? v('cpf') : undefined

/** PayPal needs its ID or its e-mail (either one), as on the server. */
const paypalIdOrEmail: Validator = (_value: unknown, values: Record<string, any>) => {
  const details = (values?.paymentDetails ?? values ?? {}) as Record<string, unknown>
  const filled = (field: string) => typeof details[field] === 'string' && (details[field] as string).trim() !== ''
  return filled('paypalId') || filled('paypalEmail') ? undefined : v('paypal_id_required')
}

export const validateAffiliate: Record<string, Validator[]> = {
  email: [required(), email(), maxLength(254)],
  name: [required(), maxLength(TEXT_MAX)],
  contact: [regex(PHONE_RULE, v('phone'))],
  skype: [maxLength(TEXT_MAX)],
  status: [required()],
  currency: [regex(CURRENCY_RULE, v('currency'))],
  externalId: [maxLength(64)],
  feePercent: [regex(PERCENT_RULE, v('percent')), minValue(0, v('percent')), maxValue(100, v('percent'))],
  companyName: [maxLength(TEXT_MAX)],
  country: [regex(COUNTRY_RULE, v('country'))],
  state: [maxLength(TEXT_MAX)],
  city: [maxLength(TEXT_MAX)],
  address: [maxLength(TEXT_MAX)],
  zipcode: [maxLength(32)],
  taxId: [maxLength(64)],
}

/** Checks of the payment fields (the spec's required-field messages for bank and paypal). */
export const validatePayment: Record<string, Validator[]> = {
  bankName: [required(v('bank_name_required')), maxLength(TEXT_MAX)],
  accountHolderName: [required(v('account_name_required')), maxLength(TEXT_MAX)],
  accountNumber: [required(), maxLength(64)],
  swiftCode: [required(v('swift_code_required')), regex(SWIFT_RULE, v('swift'))],
  ifsc: [regex(IFSC_RULE, v('ifsc'))],
  paypalId: [paypalIdOrEmail, maxLength(TEXT_MAX)],
  paypalEmail: [email(), maxLength(254)],
  cpf: [required(), regex(CPF_RULE, v('cpf')), validCpf],
  cryptoNetwork: [required(), maxLength(64)],
  cryptoAddress: [required(), maxLength(TEXT_MAX)],
  customPaymentName: [required(), maxLength(TEXT_MAX)],
  customPaymentDetails: [required(), maxLength(TEXT_MAX)],
}

export const WIZARD_STEPS = ['basic', 'payment', 'company', 'review'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export const BASIC_FIELDS = [
  'email',
  'name',
  'contact',
  'skype',
  'tags',
  'status',
  'currency',
  'externalId',
  'managerId',
  'groupId',
  'otherGroupIds',
  'referredById',
  'emailNotification',
  'negativeCarryover',
  'feePercent',
] as const
export const COMPANY_FIELDS = ['companyName', 'country', 'state', 'city', 'address', 'zipcode', 'taxId'] as const

/** The form fields of a step, as react-hook-form names (for per-step validation). */
export function stepFields(step: WizardStep, method?: string | null): string[] {
  if (step === 'basic') return [...BASIC_FIELDS]
  if (step === 'company') return [...COMPANY_FIELDS]
  if (step === 'payment') {
    const fields = PAYMENT_FIELDS[method as PaymentMethod] ?? []
    return ['paymentDetails.defaultMethod', ...fields.map((field) => `paymentDetails.${field}`)]
  }
  return []
}

/**
 * The step that holds a field named in an error (client or server 422): payment details
 * (nested or flat), company fields, and everything else on the basic step.
 */
export function stepOfField(field: string): number {
  const name = field.replace(/\[\d+\]|\.\d+$/g, '')
  if (name.startsWith('paymentDetails') || name === 'defaultMethod' || ALL_PAYMENT_FIELDS.includes(name))
    return WIZARD_STEPS.indexOf('payment')
  if ((COMPANY_FIELDS as readonly string[]).includes(name)) return WIZARD_STEPS.indexOf('company')
  return WIZARD_STEPS.indexOf('basic')
}

const WRITABLE_FIELDS = [
  'email',
  'name',
  'status',
  'contact',
  'skype',
  'tags',
  'companyName',
  'country',
  'state',
  'city',
  'address',
  'zipcode',
  'taxId',
  'managerId',
  'groupId',
  'otherGroupIds',
  'currency',
  'externalId',
  'referredById',
  'emailNotification',
  'negativeCarryover',
  'feePercent',
] as const

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

/** The payment details to send: the chosen method and its own fields only (other methods' fields are hidden). */
export function toPaymentPayload(
  details: Record<string, unknown> | null | undefined
): Record<string, unknown> | undefined {
  const method = details?.defaultMethod as PaymentMethod | undefined
  if (!details || !method) return undefined
  const payload: Record<string, unknown> = { defaultMethod: method }
  for (const field of PAYMENT_FIELDS[method] ?? []) if (field in details) payload[field] = blankToNull(details[field])
  for (const field of ['swiftCode', 'ifsc'])
    if (typeof payload[field] === 'string') payload[field] = (payload[field] as string).toUpperCase()
  return payload
}

/**
 * The body of POST and PATCH: writable fields only (the record also carries read-only ones
 * such as managerName), upper-case codes. Never a password: the affiliate sets theirs
 * through the invitation the server mails.
 */
export function toAffiliatePayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of WRITABLE_FIELDS) if (field in data) payload[field] = blankToNull(data[field])
  for (const field of ['country', 'currency'] as const) {
    if (typeof payload[field] === 'string') payload[field] = (payload[field] as string).toUpperCase()
  }
  // The API reads the fee as a number and answers it as a decimal string.
  if (typeof payload.feePercent === 'string') payload.feePercent = Number(payload.feePercent)
  const payment = toPaymentPayload(data.paymentDetails as Record<string, unknown> | undefined)
  if (payment) payload.paymentDetails = payment
  return payload
}
