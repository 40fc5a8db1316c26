/* Postback form: the server's enums and the body it takes. */
export const POSTBACKS_API = '/api/v1/postbacks'
export const POSTBACK_EVENTS = ['registration', 'ftd', 'qualified_cpa', 'deposit', 'commission_created'] as const
export const POSTBACK_STATUSES = ['active', 'inactive', 'disabled'] as const
/** A GET postback needs one of these (the server checks the same with the campaigns URL validator). */
export const GET_URL_MACROS = ['click_id', 'customer_id', 'txn_id', 'event_id'] as const

export const choices = (prefix: string, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }))

export function toPostbackPayload(data: Record<string, any>): Record<string, unknown> {
  return {
    name: data.name,
    url: typeof data.url === 'string' ? data.url.trim() : data.url,
    events: data.events ?? [],
    method: data.method ?? 'get',
    campaignIds: data.campaignIds?.length ? data.campaignIds : null,
    maskCustomerId: data.maskCustomerId ?? false,
    ...(data.affiliateId ? { affiliateId: data.affiliateId } : {}),
    ...(data.status && data.status !== 'disabled' ? { status: data.status } : {}),
  }
}
