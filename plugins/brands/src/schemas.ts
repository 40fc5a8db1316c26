import { defineSchema, schemas } from '@affix/core/kernel'

export const BrandSchema = defineSchema('Brand', {
  type: 'object',
  required: ['id', 'name', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: schemas.id,
    name: { type: 'string' },
    email: schemas.nullableString,
    contact: schemas.nullableString,
    status: { type: 'string', enum: ['active', 'inactive'] },
    website: schemas.nullableString,
    managerId: { type: ['integer', 'null'] },
    companyName: schemas.nullableString,
    companyAddress: schemas.nullableString,
    companyCountry: schemas.nullableString,
    companyTaxId: schemas.nullableString,
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const ProductSchema = defineSchema('Product', {
  type: 'object',
  required: ['id', 'brandId', 'name', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: schemas.id,
    brandId: schemas.id,
    name: { type: 'string' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    createdAt: schemas.nullableString,
    updatedAt: schemas.nullableString,
  },
})

export const BulkStatusResultSchema = defineSchema('BulkStatusResult', {
  type: 'object',
  required: ['updated'],
  properties: { updated: { type: 'integer' }, ids: { type: 'array', items: schemas.id } },
})

export const DeletedSchema = defineSchema('Deleted', {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
})

export const ImportSummarySchema = defineSchema('ImportSummary', {
  type: 'object',
  required: ['id', 'type', 'status', 'fileName', 'totalRows', 'importedRows', 'failedRows', 'failures'],
  properties: {
    id: schemas.id,
    type: { type: 'string' },
    status: { type: 'string', enum: ['completed', 'failed', 'imported_partially'] },
    fileName: { type: 'string' },
    totalRows: { type: 'integer' },
    importedRows: { type: 'integer' },
    failedRows: { type: 'integer' },
    failures: {
      type: 'array',
      description: 'The first 100 failed rows; the failed-rows file has them all',
      items: {
        type: 'object',
        required: ['line', 'error'],
        properties: { line: { type: 'integer' }, error: { type: 'string' } },
      },
    },
    failedRowsUrl: schemas.nullableString,
  },
})

export const BrandPanelSchema = defineSchema('BrandPanel', {
  type: 'object',
  required: ['userId', 'brandId', 'email', 'name', 'status', 'hasPassword', 'linkedAt'],
  properties: {
    userId: schemas.id,
    brandId: schemas.id,
    email: { type: 'string' },
    name: schemas.nullableString,
    status: { type: 'string' },
    hasPassword: { type: 'boolean', description: 'Whether the person has set a password (accepted the invitation)' },
    linkedAt: schemas.timestamp,
  },
})
