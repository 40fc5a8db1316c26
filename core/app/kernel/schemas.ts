/* JSON Schema fragments reused by plugins when they declare responses. */
export const id = { type: 'integer', minimum: 1 } as const
export const timestamp = { type: 'string', format: 'date-time' } as const
export const nullableString = { type: ['string', 'null'] } as const
export const idList = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', items: id, minItems: 1 } },
} as const
export const listQuery = {
  page: { type: 'integer', minimum: 1, description: 'Page number, from 1' },
  limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Page size (at most 500)' },
  sort: { type: 'string', description: 'Field to sort on; prefix with - for descending, or ["field","ASC"]' },
  order: { type: 'string', enum: ['asc', 'desc'] },
  range: { type: 'string', description: 'react-admin range, e.g. [0,24]' },
  filter: { type: 'string', description: 'JSON object of filters, e.g. {"status":"active"}' },
  q: { type: 'string', description: 'Free-text search' },
} as const

/** What every log-in answers (core's Session: token, account, panels), for plugins that sign people in. */
export const session = { $ref: '#/components/schemas/Session' } as const
