import { defineSchema, schemas } from '@affix/core/kernel'
import { MEDIA_STATUSES, MEDIA_TYPES } from './models/media.js'

export const MediaFileSchema = defineSchema('MediaFile', {
  type: ['object', 'null'],
  required: ['name', 'mime', 'size', 'width', 'height', 'url', 'publicUrl'],
  properties: {
    name: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    width: { type: ['integer', 'null'] },
    height: { type: ['integer', 'null'] },
    url: { type: ['string', 'null'], description: 'GET it with the bearer token (GET /media/{id}/file)' },
    publicUrl: {
      type: ['string', 'null'],
      description:
        'Link without login (GET /public/creatives/{file}) for images of non-hidden media; answers only while the media is active. null for other files.',
    },
  },
})

export const MediaSchema = defineSchema('Media', {
  type: 'object',
  required: [
    'id',
    'title',
    'type',
    'status',
    'link',
    'description',
    'campaignIds',
    'macros',
    'file',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: schemas.id,
    title: { type: 'string' },
    type: { type: 'string', enum: [...MEDIA_TYPES] },
    status: { type: 'string', enum: [...MEDIA_STATUSES] },
    link: schemas.nullableString,
    description: schemas.nullableString,
    campaignIds: { type: 'array', items: schemas.id },
    macros: {
      type: 'array',
      description: 'Link replacement macros, applied to the link and the HTML when building banner code',
      items: {
        type: 'object',
        required: ['macro', 'value'],
        properties: { macro: { type: 'string', pattern: '^\\{[a-z0-9_]+\\}$' }, value: { type: 'string' } },
      },
    },
    file: MediaFileSchema,
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const BannerCodeSchema = defineSchema('BannerCode', {
  type: 'object',
  required: ['trackingLink', 'html', 'js'],
  properties: {
    trackingLink: { type: 'string' },
    html: { type: 'string', description: 'Markup to paste into a page (attribute values HTML-escaped)' },
    js: { type: 'string', description: 'A script that inserts the same markup where it runs (no document.write)' },
  },
})

export const MediaBulkStatusResultSchema = defineSchema('MediaBulkStatusResult', {
  type: 'object',
  required: ['updated', 'ids'],
  properties: { updated: { type: 'integer' }, ids: { type: 'array', items: schemas.id } },
})

export const MediaDeletedSchema = defineSchema('MediaDeleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})

/** The multipart fields of create/update (besides `file`); arrays repeat the field, macros are JSON objects. */
export const mediaMultipartFields = {
  title: { type: 'string', maxLength: 350 },
  type: { type: 'string', enum: [...MEDIA_TYPES] },
  status: { type: 'string', enum: [...MEDIA_STATUSES] },
  link: { type: 'string', format: 'uri' },
  description: { type: 'string' },
  campaignIds: { type: 'array', items: { type: 'integer' } },
  macros: {
    type: 'array',
    items: {
      type: 'object',
      required: ['macro', 'value'],
      properties: { macro: { type: 'string' }, value: { type: 'string' } },
    },
  },
}
