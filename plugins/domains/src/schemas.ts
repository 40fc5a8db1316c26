import { defineSchema, schemas } from '@affix/core/kernel'
import { DOMAIN_PROTOCOLS, DOMAIN_STATUSES, DOMAIN_TYPES, DOMAIN_VISIBILITIES } from './models/domain.js'

export const DomainSchema = defineSchema('Domain', {
  type: 'object',
  required: [
    'id',
    'name',
    'protocol',
    'ssl',
    'visibility',
    'type',
    'status',
    'isDefault',
    'baseUrl',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    name: { type: 'string', description: 'Host name, lower case (unique across every organisation)' },
    protocol: { type: 'string', enum: [...DOMAIN_PROTOCOLS] },
    ssl: { type: 'boolean', description: 'The host has a TLS certificate (https requires it)' },
    visibility: {
      type: 'string',
      enum: [...DOMAIN_VISIBILITIES],
      description: 'public: every affiliate; private: the listed affiliates',
    },
    affiliateIds: {
      type: 'array',
      items: schemas.id,
      description: 'Affiliates of a private domain (not shown to affiliates)',
    },
    type: { type: 'string', enum: [...DOMAIN_TYPES] },
    status: { type: 'string', enum: [...DOMAIN_STATUSES] },
    isDefault: { type: 'boolean', description: 'The organisation default tracking domain (one per organisation)' },
    baseUrl: { type: 'string', description: 'protocol://name, the base of tracking links on this domain' },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DomainDeletedSchema = defineSchema('DomainDeleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
