import { defineSchema, schemas } from '@affix/core/kernel'
import { AFFILIATE_SELECTIONS, PROMO_CODE_ORIGINS, PROMO_CODE_STATUSES, PROMO_CODE_TYPES } from './models/promo_code.js'

export const PromoCodeSchema = defineSchema('PromoCode', {
  type: 'object',
  required: [
    'id',
    'code',
    'bonus',
    'bonusCurrency',
    'campaignId',
    'affiliateId',
    'type',
    'origin',
    'startDate',
    'endDate',
    'enabled',
    'status',
    'description',
    'affiliateSelection',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    code: { type: 'string' },
    bonus: { type: 'string', description: 'Decimal string, at least 0, at most 2 decimals' },
    bonusCurrency: { type: 'string', description: 'ISO 4217 code' },
    campaignId: { type: ['integer', 'null'] },
    affiliateId: { type: ['integer', 'null'] },
    type: { type: 'string', enum: [...PROMO_CODE_TYPES] },
    origin: { type: 'string', enum: [...PROMO_CODE_ORIGINS] },
    startDate: schemas.nullableString,
    endDate: schemas.nullableString,
    enabled: { type: 'boolean' },
    status: {
      type: 'string',
      enum: [...PROMO_CODE_STATUSES],
      description:
        'Derived: inactive if not enabled, future before the start date, expired after the end date, else active',
    },
    description: schemas.nullableString,
    affiliateSelection: { type: 'string', enum: [...AFFILIATE_SELECTIONS] },
    includedAffiliateIds: { type: 'array', items: schemas.id, description: 'Not shown to affiliates' },
    excludedAffiliateIds: { type: 'array', items: schemas.id, description: 'Not shown to affiliates' },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DeletedPromoCodeSchema = defineSchema('DeletedPromoCode', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
