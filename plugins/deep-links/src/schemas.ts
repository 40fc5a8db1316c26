import { defineSchema, schemas } from '@affix/core/kernel'
import { DEEP_LINK_STATUSES } from './models/deep_link.js'

export const DeepLinkSchema = defineSchema('DeepLink', {
  type: 'object',
  required: ['id', 'name', 'url', 'status', 'campaignId', 'createdAt', 'updatedAt'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    url: { type: 'string' },
    status: { type: 'string', enum: [...DEEP_LINK_STATUSES] },
    campaignId: { type: ['integer', 'null'] },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DeletedDeepLinkSchema = defineSchema('DeletedDeepLink', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
