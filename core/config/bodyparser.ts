import { defineConfig } from '@adonisjs/core/bodyparser'

/** CSV uploads are capped at 10 MB (spec §9); the multipart limit leaves room for the envelope. */
export const CSV_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024
/**
 * JSON and form bodies: the largest legitimate one (a settings form, a 5,000-character text)
 * is far smaller. Routes that take batches declare more (`bodyLimit` in their route spec,
 * checked by the request guard); the parser itself stops at the largest any route may take.
 */
export const JSON_BODY_LIMIT = '1mb'
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024
export const JSON_BODY_PARSER_LIMIT = '16mb'

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, limit: JSON_BODY_LIMIT, types: ['application/x-www-form-urlencoded'] },
  json: {
    // Done by the request guard after a plain parse (kernel/request_shape.ts emptyStringsToNull):
    // the parser's reviver is called for every value and dominated large batch bodies.
    convertEmptyStringsToNull: false,
    limit: JSON_BODY_PARSER_LIMIT,
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
