/** The body of POST and PATCH /groups: writable fields only. */
export function toGroupPayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of ['name', 'description', 'parentGroupId', 'affiliateIds'])
    if (field in data) payload[field] = data[field] === '' ? null : data[field]
  return payload
}
