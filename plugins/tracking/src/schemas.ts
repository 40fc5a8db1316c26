import { defineSchema, schemas } from '@affix/core/kernel'
import { CLICK_OUTCOMES, CLICK_REASONS } from './lists.js'

const nullableInt = { type: ['integer', 'null'] }

export const ClickSchema = defineSchema('Click', {
  type: 'object',
  required: ['clickId', 'createdAt', 'campaignId', 'affiliateId', 'outcome', 'reason'],
  properties: {
    clickId: { type: 'string', format: 'uuid', description: 'UUIDv7: time-sortable' },
    createdAt: { type: 'string', format: 'date-time' },
    campaignId: nullableInt,
    brandId: nullableInt,
    affiliateId: nullableInt,
    outcome: { type: 'string', enum: [...CLICK_OUTCOMES] },
    reason: {
      type: ['string', 'null'],
      enum: [...CLICK_REASONS, null],
      description:
        'Why the click was not redirected; `fraud_block` only to readers of the fraud rules (null for others)',
    },
    ip: { type: 'string' },
    country: schemas.nullableString,
    device: schemas.nullableString,
    os: schemas.nullableString,
    browser: schemas.nullableString,
    language: schemas.nullableString,
    userAgent: schemas.nullableString,
    referrer: schemas.nullableString,
    source: schemas.nullableString,
    params: { type: 'object', additionalProperties: { type: 'string' }, description: 'p1…p10, sub1…sub10 as sent' },
    deepLinkId: nullableInt,
    deepLinkUrl: schemas.nullableString,
    urlIgnored: { type: 'boolean', description: 'A `url` parameter was sent to a host the campaign does not allow' },
    destination: schemas.nullableString,
    fraudAction: {
      type: ['string', 'null'],
      enum: ['mark', 'block', null],
      description: 'The fraud verdict: null for callers that do not read the fraud rules (affiliates among them)',
    },
    fraud: {
      type: ['object', 'null'],
      description: 'The rules and reasons of the verdict: null for callers that do not read the fraud rules',
      properties: {
        ruleIds: { type: 'array', items: { type: 'integer' } },
        reasons: { type: 'array', items: { type: 'string' } },
      },
    },
  },
})
