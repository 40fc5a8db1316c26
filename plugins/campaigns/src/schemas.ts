import { defineSchema, schemas } from '@affix/core/kernel'
import { CAMPAIGN_STATUSES, CAMPAIGN_VISIBILITIES, COMMISSION_VARIABLES } from './models/campaign.js'

export const CampaignSchema = defineSchema('Campaign', {
  type: 'object',
  required: [
    'id',
    'title',
    'brandId',
    'status',
    'visibility',
    'defaultUrl',
    'commissionVariable',
    'currency',
    'createdAt',
  ],
  properties: {
    id: schemas.id,
    title: { type: 'string' },
    brandId: schemas.id,
    brandName: { type: ['string', 'null'], description: "The brand's name (null if the brand is gone)" },
    status: { type: 'string', enum: [...CAMPAIGN_STATUSES] },
    visibility: { type: 'string', enum: [...CAMPAIGN_VISIBILITIES] },
    defaultUrl: { type: 'string' },
    previewUrl: schemas.nullableString,
    fallbackUrl: schemas.nullableString,
    appLink: schemas.nullableString,
    description: schemas.nullableString,
    commissionVariable: { type: 'string', enum: [...COMMISSION_VARIABLES] },
    currency: { type: 'string' },
    coverageCountries: { type: 'array', items: { type: 'string' } },
    productIds: { type: 'array', items: schemas.id },
    externalId: schemas.nullableString,
    isDynamic: { type: 'boolean' },
    isPersistent: { type: 'boolean' },
    attributionWindowDays: { type: 'integer' },
    expiresAt: schemas.nullableString,
    featured: { type: 'boolean' },
    shortLinkDefault: { type: 'boolean' },
    overrideCustomerCountry: { type: 'boolean' },
    accessQuestions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['question', 'required'],
        properties: { question: { type: 'string' }, required: { type: 'boolean' } },
      },
    },
    accessByRequest: { type: 'boolean' },
    primaryGroupId: { type: ['integer', 'null'], description: 'Not shown to affiliates' },
    groupIds: { type: 'array', items: schemas.id, description: 'Not shown to affiliates' },
    accessStatus: {
      type: 'string',
      enum: ['approved', 'need_approval', 'pending_approval', 'rejected_approval', 'need_permission'],
      description: 'Affiliates only: where the caller stands on this campaign',
    },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const DeletedCampaignSchema = defineSchema('DeletedCampaign', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})

export const CampaignBulkResultSchema = defineSchema('CampaignBulkResult', {
  type: 'object',
  required: ['updated'],
  properties: { updated: { type: 'integer' } },
})

export const UrlCheckSchema = defineSchema('UrlCheck', {
  type: 'object',
  required: ['valid', 'message'],
  properties: { valid: { type: 'boolean' }, message: { type: 'string' } },
})

export const CampaignNoteSchema = defineSchema('CampaignNote', {
  type: 'object',
  required: ['id', 'body', 'authorId', 'authorName', 'createdAt'],
  properties: {
    id: schemas.id,
    body: { type: 'string' },
    authorId: { type: ['integer', 'null'] },
    authorName: schemas.nullableString,
    createdAt: { type: 'string' },
  },
})

export const CampaignTimelineEntrySchema = defineSchema('CampaignTimelineEntry', {
  type: 'object',
  required: ['id', 'event', 'data', 'actorId', 'actorName', 'createdAt'],
  properties: {
    id: schemas.id,
    event: {
      type: 'string',
      enum: [
        'created',
        'updated',
        'status_changed',
        'expired',
        'deleted',
        'blocked_affiliates_changed',
        'groups_changed',
        'access_requested',
        'access_approved',
        'access_rejected',
        'cap_reached',
        'featured_changed',
      ],
    },
    data: { type: 'object', additionalProperties: true },
    actorId: { type: ['integer', 'null'] },
    actorName: schemas.nullableString,
    createdAt: { type: 'string' },
  },
})

export const BlockedAffiliatesSchema = defineSchema('CampaignBlockedAffiliates', {
  type: 'object',
  required: ['affiliateIds'],
  properties: { affiliateIds: { type: 'array', items: schemas.id } },
})

export const CampaignGroupsSchema = defineSchema('CampaignGroups', {
  type: 'object',
  required: ['primaryGroupId', 'groupIds'],
  properties: { primaryGroupId: { type: ['integer', 'null'] }, groupIds: { type: 'array', items: schemas.id } },
})

export const CampaignAccessSchema = defineSchema('CampaignAccess', {
  type: 'object',
  required: ['campaignId', 'affiliateId', 'status', 'answers', 'createdAt'],
  properties: {
    campaignId: schemas.id,
    campaignTitle: schemas.nullableString,
    affiliateId: schemas.id,
    affiliateName: schemas.nullableString,
    affiliateEmail: schemas.nullableString,
    status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
    answers: {
      type: 'array',
      items: { type: 'object', properties: { question: { type: 'string' }, answer: { type: ['string', 'null'] } } },
    },
    decidedBy: { type: ['integer', 'null'] },
    decidedAt: schemas.nullableString,
    createdAt: { type: 'string' },
  },
})

export const TrackingLinkSchema = defineSchema('CampaignTrackingLink', {
  type: 'object',
  required: ['campaignId', 'affiliateId', 'url', 'shortUrl'],
  properties: {
    campaignId: schemas.id,
    affiliateId: schemas.id,
    url: { type: 'string' },
    shortUrl: {
      ...schemas.nullableString,
      description: "With shortLink (or the campaign's short link default): `/s/{token}`",
    },
  },
})
