import { defineSchema, schemas } from '@affix/core/kernel'
import { AFFILIATE_STATUSES, PAYMENT_COLUMNS, PAYMENT_METHODS } from './constants.js'

const nullableInt = { type: ['integer', 'null'] }

export const PaymentDetailsSchema = defineSchema('AffiliatePaymentDetails', {
  type: 'object',
  required: Object.keys(PAYMENT_COLUMNS),
  properties: {
    ...Object.fromEntries(Object.keys(PAYMENT_COLUMNS).map((field) => [field, schemas.nullableString])),
    defaultMethod: { type: ['string', 'null'], enum: [...PAYMENT_METHODS, null] },
  },
})

export const AffiliateSchema = defineSchema('Affiliate', {
  type: 'object',
  required: [
    'id',
    'email',
    'name',
    'status',
    'tags',
    'emailNotification',
    'negativeCarryover',
    'otherGroupIds',
    'referralLink',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    email: { type: 'string' },
    name: schemas.nullableString,
    status: { type: 'string', enum: [...AFFILIATE_STATUSES] },
    contact: schemas.nullableString,
    skype: schemas.nullableString,
    tags: { type: 'array', items: { type: 'string' } },
    companyName: schemas.nullableString,
    country: schemas.nullableString,
    state: schemas.nullableString,
    city: schemas.nullableString,
    address: schemas.nullableString,
    zipcode: schemas.nullableString,
    taxId: schemas.nullableString,
    managerId: nullableInt,
    managerName: schemas.nullableString,
    groupId: nullableInt,
    groupName: schemas.nullableString,
    otherGroupIds: {
      type: 'array',
      items: schemas.id,
      description: 'Groups the affiliate belongs to besides its primary group',
    },
    currency: schemas.nullableString,
    externalId: schemas.nullableString,
    referredById: nullableInt,
    referredByName: schemas.nullableString,
    emailNotification: { type: 'boolean' },
    negativeCarryover: { type: 'boolean' },
    feePercent: { type: ['string', 'null'], description: 'Decimal string, 0 to 100 with at most 2 decimals' },
    referralLink: {
      ...schemas.nullableString,
      description:
        'Signup link that records this affiliate as the referrer; null while the signup plugin is off for the organisation',
    },
    hasPassword: { type: 'boolean', description: 'Whether the panel has a usable password (never returned)' },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
    lastLoginAt: schemas.nullableString,
    paymentDetails: {
      ...PaymentDetailsSchema,
      description:
        'Only for callers allowed to see payment details (admin, sub-admin, managers of the affiliate, the affiliate itself)',
    },
  },
})

export const ReferredAffiliateSchema = defineSchema('ReferredAffiliate', {
  type: 'object',
  required: ['id', 'name', 'status', 'createdAt'],
  properties: {
    id: schemas.id,
    name: schemas.nullableString,
    status: { type: 'string', enum: [...AFFILIATE_STATUSES] },
    createdAt: schemas.nullableString,
  },
})

export const AffiliateNoteSchema = defineSchema('AffiliateNote', {
  type: 'object',
  required: ['id', 'affiliateId', 'body', 'authorId', 'authorName', 'createdAt'],
  properties: {
    id: schemas.id,
    affiliateId: schemas.id,
    body: { type: 'string' },
    authorId: nullableInt,
    authorName: schemas.nullableString,
    createdAt: schemas.nullableString,
  },
})

export const AffiliateBulkResultSchema = defineSchema('AffiliateBulkResult', {
  type: 'object',
  required: ['updated', 'ids'],
  properties: { updated: { type: 'integer' }, ids: { type: 'array', items: schemas.id } },
})

export const DeletedAffiliateSchema = defineSchema('DeletedAffiliate', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
