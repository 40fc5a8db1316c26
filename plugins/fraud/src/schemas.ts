import { defineSchema, schemas } from '@affix/core/kernel'
import { DEVICE_TYPES, FRAUD_ACTIONS, FRAUD_STATUSES, FRAUD_TYPES, OS_NAMES, SELECTIONS } from './models/fraud_rule.js'

const selection = {
  type: 'string',
  enum: [...SELECTIONS],
  description: 'all, or include/exclude the listed ids (one or the other)',
} as const
const ids = { type: 'array', items: schemas.id } as const
const strings = { type: 'array', items: { type: 'string' } } as const

export const FraudRuleSchema = defineSchema('FraudRule', {
  type: 'object',
  required: [
    'id',
    'name',
    'action',
    'type',
    'status',
    'brandSelection',
    'brandIds',
    'affiliateSelection',
    'affiliateIds',
    'campaignSelection',
    'campaignIds',
    'ips',
    'userAgents',
    'devices',
    'os',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    action: {
      type: 'string',
      enum: [...FRAUD_ACTIONS],
      description: 'mark: the click is recorded as fraud; block: the click is refused',
    },
    type: { type: 'string', enum: [...FRAUD_TYPES] },
    status: { type: 'string', enum: [...FRAUD_STATUSES] },
    brandSelection: selection,
    brandIds: ids,
    affiliateSelection: selection,
    affiliateIds: ids,
    campaignSelection: selection,
    campaignIds: ids,
    ips: { ...strings, description: 'blacklist: IP addresses and CIDR ranges (IPv4 or IPv6)' },
    userAgents: { ...strings, description: 'blacklist: user-agent fragments (case-insensitive)' },
    devices: { type: 'array', items: { type: 'string', enum: [...DEVICE_TYPES] }, description: 'device: device types' },
    os: { type: 'array', items: { type: 'string', enum: [...OS_NAMES] }, description: 'device: operating systems' },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const FraudBulkStatusSchema = defineSchema('FraudRulesStatusResult', {
  type: 'object',
  required: ['updated', 'ids'],
  properties: { updated: { type: 'integer' }, ids: { type: 'array', items: schemas.id } },
})

export const FraudDeletedSchema = defineSchema('FraudRuleDeleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
