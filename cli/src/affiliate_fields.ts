/* Flags and output shared by the affiliates commands. */
import { Flags } from '@oclif/core'
import type { Affiliate, AffiliatesCreateAffiliateData } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export const AFFILIATE_STATUSES = ['pending', 'active', 'disabled', 'rejected', 'banned', 'fraud'] as const
export const PAYMENT_METHODS = ['bank', 'paypal', 'cpf', 'crypto', 'custom'] as const

/** Paging, sorting and the affiliate list's own filters. */
export const affiliateListFlags = {
  page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
  limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
  sort: Flags.string({
    summary: 'Field to sort on (name, email, status, country, currency, createdAt…); prefix with - for descending.',
  }),
  status: Flags.string({
    summary: 'Only affiliates with this status (repeat for several).',
    options: [...AFFILIATE_STATUSES],
    multiple: true,
  }),
  q: Flags.string({ summary: 'Free-text search (name, e-mail, company, external ID).' }),
  'manager-id': Flags.integer({ summary: 'Only affiliates of this account manager.', min: 1 }),
  'group-id': Flags.integer({ summary: 'Only affiliates in this group (any membership).', min: 1 }),
  'referred-by': Flags.integer({ summary: 'Only affiliates referred by this affiliate.', min: 1 }),
  country: Flags.string({ summary: 'Only affiliates of this country (ISO 3166 code, e.g. BR).' }),
  currency: Flags.string({ summary: 'Only affiliates paid in this currency (ISO 4217 code, e.g. BRL).' }),
}

type ListFlags = {
  page: number
  limit: number
  sort?: string
  status?: string[]
  q?: string
  'manager-id'?: number
  'group-id'?: number
  'referred-by'?: number
  country?: string
  currency?: string
}

export function affiliateListQuery(flags: ListFlags) {
  const filter: Record<string, unknown> = {}
  if (flags.status?.length) filter.status = flags.status
  if (flags['manager-id']) filter.managerId = flags['manager-id']
  if (flags['group-id']) filter.groupId = flags['group-id']
  if (flags['referred-by']) filter.referredBy = flags['referred-by']
  if (flags.country) filter.country = flags.country.toUpperCase()
  if (flags.currency) filter.currency = flags.currency.toUpperCase()
  return {
    page: flags.page,
    limit: flags.limit,
    sort: flags.sort,
    q: flags.q,
    filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
  }
}

/** What `affiliates create` may set, beside e-mail and name. */
export const affiliateFieldFlags = {
  status: Flags.string({ summary: 'Status (default active).', options: [...AFFILIATE_STATUSES] }),
  contact: Flags.string({ summary: 'Phone number, e.g. "+55 11 99999-0000".' }),
  skype: Flags.string({ summary: 'Skype ID.' }),
  tag: Flags.string({ summary: 'A tag (repeat for several).', multiple: true }),
  'company-name': Flags.string({ summary: 'Company name.' }),
  country: Flags.string({ summary: 'Country (ISO 3166 code, e.g. BR).' }),
  state: Flags.string({ summary: 'State.' }),
  city: Flags.string({ summary: 'City.' }),
  address: Flags.string({ summary: 'Address.' }),
  zipcode: Flags.string({ summary: 'Zip code.' }),
  'tax-id': Flags.string({ summary: 'Tax ID.' }),
  'manager-id': Flags.integer({ summary: 'Account manager (a sub-admin, AFM or ADM).', min: 1 }),
  'group-id': Flags.integer({ summary: 'Primary affiliate group.', min: 1 }),
  currency: Flags.string({ summary: 'Payout currency (ISO 4217 code, e.g. BRL).' }),
  'external-id': Flags.string({ summary: 'External affiliate ID (unique in your organisation).' }),
  'referred-by': Flags.integer({ summary: 'The affiliate who referred this one.', min: 1 }),
  'fee-percent': Flags.string({ summary: 'Fee %, 0 to 100 with at most 2 decimals.' }),
  'negative-carryover': Flags.boolean({ summary: 'Carry negative balances over to the next period.', allowNo: true }),
  'email-notification': Flags.boolean({ summary: 'Send e-mail notifications to the affiliate.', allowNo: true }),
  'payment-method': Flags.string({
    summary: 'Default payment method; its fields are then required.',
    options: [...PAYMENT_METHODS],
  }),
  'bank-name': Flags.string({ summary: 'Bank name (bank).' }),
  'account-holder-name': Flags.string({ summary: 'Account holder name (bank).' }),
  'account-number': Flags.string({ summary: 'Account number (bank).' }),
  'swift-code': Flags.string({ summary: 'Swift code (bank).' }),
  ifsc: Flags.string({ summary: 'IFSC (bank, India).' }),
  'paypal-id': Flags.string({ summary: 'Paypal ID (paypal: ID or e-mail).' }),
  'paypal-email': Flags.string({ summary: 'Paypal e-mail (paypal: ID or e-mail).' }),
  cpf: Flags.string({ summary: 'CPF, 11 digits (cpf).' }),
  'crypto-network': Flags.string({ summary: 'Crypto network, e.g. TRC20 (crypto).' }),
  'crypto-address': Flags.string({ summary: 'Crypto wallet address (crypto).' }),
  'custom-payment-name': Flags.string({ summary: 'Custom payment name (custom).' }),
  'custom-payment-details': Flags.string({ summary: 'Custom payment details (custom).' }),
}

type CreateBody = NonNullable<AffiliatesCreateAffiliateData['body']>
type FieldFlags = { [K in keyof typeof affiliateFieldFlags]?: unknown }

const PAYMENT_FLAGS: Record<string, string> = {
  'payment-method': 'defaultMethod',
  'bank-name': 'bankName',
  'account-holder-name': 'accountHolderName',
  'account-number': 'accountNumber',
  'swift-code': 'swiftCode',
  ifsc: 'ifsc',
  'paypal-id': 'paypalId',
  'paypal-email': 'paypalEmail',
  cpf: 'cpf',
  'crypto-network': 'cryptoNetwork',
  'crypto-address': 'cryptoAddress',
  'custom-payment-name': 'customPaymentName',
  'custom-payment-details': 'customPaymentDetails',
}

const BODY_FLAGS: Record<string, string> = {
  status: 'status',
  contact: 'contact',
  skype: 'skype',
  tag: 'tags',
  'company-name': 'companyName',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  zipcode: 'zipcode',
  'tax-id': 'taxId',
  'manager-id': 'managerId',
  'group-id': 'groupId',
  currency: 'currency',
  'external-id': 'externalId',
  'referred-by': 'referredById',
  'fee-percent': 'feePercent',
  'negative-carryover': 'negativeCarryover',
  'email-notification': 'emailNotification',
}

/** The request body of the given flags; what was not given is left out. */
export function affiliateBody(flags: FieldFlags & { email: string; name: string }): CreateBody {
  const body: Record<string, unknown> = { email: flags.email, name: flags.name }
  for (const [flag, field] of Object.entries(BODY_FLAGS)) {
    const value = (flags as Record<string, unknown>)[flag]
    if (value !== undefined) body[field] = value
  }
  const payment: Record<string, unknown> = {}
  for (const [flag, field] of Object.entries(PAYMENT_FLAGS)) {
    const value = (flags as Record<string, unknown>)[flag]
    if (value !== undefined) payment[field] = value
  }
  if (Object.keys(payment).length) body.paymentDetails = payment
  return body as CreateBody
}

export const affiliateColumns: Column<Affiliate>[] = [
  { header: 'ID', value: (affiliate) => affiliate.id },
  { header: 'NAME', value: (affiliate) => affiliate.name },
  { header: 'EMAIL', value: (affiliate) => affiliate.email },
  { header: 'STATUS', value: (affiliate) => affiliate.status },
  { header: 'COUNTRY', value: (affiliate) => affiliate.country },
  { header: 'MANAGER', value: (affiliate) => affiliate.managerName },
  { header: 'GROUP', value: (affiliate) => affiliate.groupName },
]

export function affiliateDetails(affiliate: Affiliate): string {
  const payment = affiliate.paymentDetails
  return renderDetails([
    ['ID', affiliate.id],
    ['Name', affiliate.name],
    ['E-mail', affiliate.email],
    ['Status', affiliate.status],
    ['Contact', affiliate.contact],
    ['Skype', affiliate.skype],
    ['Tags', affiliate.tags.join(', ')],
    ['Company', affiliate.companyName],
    ['Country', affiliate.country],
    ['City', affiliate.city],
    ['Tax ID', affiliate.taxId],
    ['Manager', affiliate.managerName],
    ['Group', affiliate.groupName],
    ['Currency', affiliate.currency],
    ['External ID', affiliate.externalId],
    ['Referred by', affiliate.referredByName],
    ['Fee %', affiliate.feePercent],
    ['Negative carryover', affiliate.negativeCarryover ? 'yes' : 'no'],
    ['E-mail notification', affiliate.emailNotification ? 'yes' : 'no'],
    ['Payment method', payment ? payment.defaultMethod : 'not shown'],
    ['Referral link', affiliate.referralLink],
    ['Panel password', affiliate.hasPassword ? 'set' : 'not set'],
    ['Created', affiliate.createdAt],
    ['Last login', affiliate.lastLoginAt],
  ])
}
