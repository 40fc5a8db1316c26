import vine from '@vinejs/vine'
import { PHONE_RULE, TEXT_MAX, countryRule, currencyRule, text } from '@affix/core/kernel'
import { isValidCpf } from './cpf.js'
import { PAYMENT_METHODS, SETTABLE_STATUSES } from './constants.js'

/** 11 digits (000.000.000-00 punctuation dropped) with valid check digits. */
const cpfRule = vine.createRule(
  (value, _options, field) => {
    if (typeof value === 'string' && !isValidCpf(value)) field.report('Invalid CPF', 'cpf', field)
  },
  { name: 'cpf' }
)

const nullableText = () => text().optional().nullable()
const id = () => vine.number().withoutDecimals().positive()
const ids = () => vine.array(id()).minLength(1).maxLength(1000).distinct()

const paymentFields = {
  defaultMethod: vine.enum(PAYMENT_METHODS).optional().nullable(),
  bankName: nullableText(),
  accountHolderName: nullableText(),
  accountNumber: vine.string().trim().maxLength(64).optional().nullable(),
  swiftCode: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
    .optional()
    .nullable(),
  ifsc: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/)
    .optional()
    .nullable(),
  paypalId: nullableText(),
  paypalEmail: vine.string().trim().email().maxLength(254).optional().nullable(),
  cpf: vine
    .string()
    .trim()
    .regex(/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/)
    .use(cpfRule())
    .transform((value) => (typeof value === 'string' ? value.replace(/\D/g, '') : value))
    .optional()
    .nullable(),
  cryptoNetwork: vine.string().trim().maxLength(64).optional().nullable(),
  cryptoAddress: nullableText(),
  customPaymentName: nullableText(),
  customPaymentDetails: nullableText(),
}

/** The company and contact fields an affiliate may also edit on itself. */
const selfFields = {
  contact: vine.string().trim().regex(PHONE_RULE).optional().nullable(),
  skype: nullableText(),
  companyName: nullableText(),
  country: vine.string().trim().toUpperCase().use(countryRule()).optional().nullable(),
  state: nullableText(),
  city: nullableText(),
  address: nullableText(),
  zipcode: vine.string().trim().maxLength(32).optional().nullable(),
  taxId: vine.string().trim().maxLength(64).optional().nullable(),
  emailNotification: vine.boolean().optional(),
}

const affiliateFields = {
  ...selfFields,
  status: vine.enum(SETTABLE_STATUSES).optional(),
  tags: vine.array(vine.string().trim().minLength(1).maxLength(50)).maxLength(50).distinct().optional().nullable(),
  managerId: id().optional().nullable(),
  groupId: id().optional().nullable(),
  otherGroupIds: vine.array(id()).maxLength(100).distinct().optional().nullable(),
  currency: vine.string().trim().toUpperCase().fixedLength(3).use(currencyRule()).optional().nullable(),
  externalId: vine.string().trim().maxLength(64).optional().nullable(),
  referredById: id().optional().nullable(),
  negativeCarryover: vine.boolean().optional(),
  feePercent: vine.number().min(0).max(100).decimal([0, 2]).optional().nullable(),
  paymentDetails: vine.object(paymentFields).optional().nullable(),
}

export const createAffiliateValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  name: text().minLength(1),
  ...affiliateFields,
})

export const updateAffiliateValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
  name: text().minLength(1).optional(),
  ...affiliateFields,
})

/** PATCH /me: what an affiliate may change on itself (not its status, manager, fee…). */
export const updateSelfValidator = vine.create({
  name: text().minLength(1).optional(),
  ...selfFields,
})

/** PUT /me/payment: the affiliate's own payment details. */
export const paymentDetailsValidator = vine.create(paymentFields)

export const affiliateStatusValidator = vine.create({ ids: ids(), status: vine.enum(SETTABLE_STATUSES) })
export const affiliateManagerValidator = vine.create({ ids: ids(), managerId: id().nullable() })
export const affiliateGroupValidator = vine.create({ ids: ids(), groupId: id() })

export const noteValidator = vine.create({ body: vine.string().trim().minLength(1).maxLength(5000) })

export { TEXT_MAX }
