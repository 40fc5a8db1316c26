/* Domain form: the server's enums, its host-name rule, and the body (affiliates only for a private domain). */
export const DOMAIN_PROTOCOLS = ['http', 'https'] as const
export const DOMAIN_VISIBILITIES = ['public', 'private'] as const
export const DOMAIN_TYPES = ['tracking', 'white_label'] as const
export const DOMAIN_STATUSES = ['active', 'inactive'] as const
export const HOSTNAME_RULE =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export const choices = (prefix: string, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }))

export function toDomainPayload(data: Record<string, any>): Record<string, unknown> {
  return {
    name: typeof data.name === 'string' ? data.name.trim().toLowerCase() : data.name,
    protocol: data.protocol,
    ssl: Boolean(data.ssl),
    visibility: data.visibility,
    affiliateIds: data.visibility === 'private' ? (data.affiliateIds ?? []) : [],
    type: data.type,
    status: data.status,
    isDefault: Boolean(data.isDefault),
  }
}

/** https needs a certificate (the server refuses https without ssl). */
export const httpsNeedsSsl = (_value: unknown, values: Record<string, any>) =>
  values?.protocol === 'https' && !values?.ssl ? 'domains.validation.https_needs_ssl' : undefined
