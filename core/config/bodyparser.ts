import { defineConfig } from '@adonisjs/core/bodyparser'

/** CSV uploads are capped at 10 MB (spec §9); the multipart limit leaves room for the envelope. */
export const CSV_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
  json: {
    convertEmptyStringsToNull: true,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report'],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '25mb',
    types: ['multipart/form-data'],
  },
})
