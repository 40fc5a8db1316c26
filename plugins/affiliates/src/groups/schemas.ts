import { defineSchema, schemas } from '@affix/core/kernel'

export const AffiliateGroupSchema = defineSchema('AffiliateGroup', {
  type: 'object',
  required: [
    'id',
    'name',
    'description',
    'parentGroupId',
    'parentGroupName',
    'affiliateIds',
    'affiliateCount',
    'inUse',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    description: schemas.nullableString,
    parentGroupId: { type: ['integer', 'null'], description: 'The primary (parent) group' },
    parentGroupName: schemas.nullableString,
    affiliateIds: {
      type: 'array',
      items: schemas.id,
      description: 'Members the caller may see (team members with assigned affiliates see only theirs)',
    },
    affiliateCount: { type: 'integer' },
    inUse: { type: 'boolean', description: 'Tied to a campaign: the group cannot be updated or deleted' },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DeletedGroupSchema = defineSchema('DeletedAffiliateGroup', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})
