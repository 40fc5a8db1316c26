/* How customers, activity rows and conversions are shown through the API (amounts as decimal strings). */
import type { I18n } from '@adonisjs/i18n'
import { AMOUNT_FIELDS, B_FIELDS, BET_COUNT_SINCE } from './constants.js'
import { maskCuid, type ReadAccess } from './access.js'
import type { RowError } from './ingest/rows.js'
import type { RowResult } from './ingest/service.js'

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : null)
/** numeric(20,6) as PostgreSQL returns it, without trailing zeros ("12.500000" → "12.5"). */
export function decimal(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = String(value)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

export function attributionFailures(raw: unknown, i18n: I18n) {
  const list = Array.isArray(raw) ? raw : []
  return list.map((failure: any) => ({
    rule: failure.rule,
    reason: failure.reason,
    message: i18n.t(`customers.attribution.${failure.reason}`),
  }))
}

export function serializeCustomer(row: any, access: ReadAccess, i18n: I18n) {
  const personal = access.personalData
  return {
    id: Number(row.id),
    cuid: access.mask ? maskCuid(row.cuid) : row.cuid,
    brandId: num(row.brand_id),
    campaignId: num(row.campaign_id),
    affiliateId: num(row.affiliate_id),
    registeredAt: iso(row.registered_at),
    registeredOn: row.registered_on,
    country: trimmed(row.country),
    currency: trimmed(row.currency),
    status: row.status,
    attributionSource: row.attribution_source,
    attributionFailures: attributionFailures(row.attribution_failures, i18n),
    clickId: row.attribution_click_id ?? null,
    promoCodeId: num(row.attribution_promo_code_id),
    ftdActivityId: num(row.ftd_activity_id),
    ftdDate: row.ftd_date ?? null,
    fraudMarkedAt: iso(row.fraud_marked_at),
    cuName: personal ? (row.cu_name ?? null) : null,
    email: personal ? (row.email ?? null) : null,
    ip: personal ? (row.ip ?? null) : null,
    coupon: row.coupon ?? null,
    requestedCampaignId: personal ? num(row.requested_campaign_id) : null,
    requestedPubId: personal ? num(row.requested_pub_id) : null,
    ...Object.fromEntries(B_FIELDS.map((field) => [field, personal ? (row[field] ?? null) : null])),
    fraudReason: personal ? (row.fraud_reason ?? null) : null,
    source: row.source,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export function serializeActivity(row: any, access: ReadAccess) {
  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map((field) => [field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), decimal(row[field])])
  )
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    cuid: row.cuid === undefined ? null : access.mask ? maskCuid(row.cuid) : row.cuid,
    brandId: num(row.brand_id),
    campaignId: num(row.campaign_id),
    affiliateId: num(row.affiliate_id),
    date: row.date,
    txnId: row.txn_id ?? null,
    currency: trimmed(row.currency),
    ...amounts,
    depositCount: Number(row.deposit_count),
    // Spec §9: bet counts exist only for activity after 29 April 2025.
    betCount: row.date > BET_COUNT_SINCE ? Number(row.bet_count) : null,
    ftd: Boolean(row.ftd),
    isFtd: Boolean(row.is_ftd),
    fraud: Boolean(row.fraud) || row.customer_status === 'fraud',
    version: Number(row.version),
    source: row.source,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export function serializeConversion(row: any, access: ReadAccess) {
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    cuid: row.cuid === undefined ? null : access.mask ? maskCuid(row.cuid) : row.cuid,
    brandId: num(row.brand_id),
    campaignId: num(row.campaign_id),
    affiliateId: num(row.affiliate_id),
    type: row.type,
    activityId: num(row.activity_id),
    date: row.date,
    occurredAt: iso(row.occurred_at),
    amount: decimal(row.amount),
    currency: trimmed(row.currency),
    depositCount: num(row.deposit_count),
    clickId: row.click_id ?? null,
    capStatus: row.cap_status,
    capId: num(row.cap_id),
    capAction: row.cap_action ?? null,
    createdAt: iso(row.created_at),
  }
}

export function rowMessage(error: RowError, i18n: I18n) {
  return i18n.t(`customers.rows.${error.key}`, error.data ?? {})
}

/** A batch call's answer: counts and one result per row, in order. */
export function batchAnswer(results: RowResult[], i18n: I18n) {
  const summary = { created: 0, updated: 0, duplicate: 0, error: 0 }
  const rows = results.map((result, index) => {
    summary[result.status]++
    return {
      index,
      status: result.status,
      id: result.id,
      customerId: result.customerId,
      error: result.error
        ? {
            code: result.error.key,
            message: rowMessage(result.error, i18n),
            status: result.error.key === 'busy' ? 503 : 422,
          }
        : null,
      notes: (result.notes ?? []).map((note) => ({ code: note.key, message: rowMessage(note, i18n) })),
      ...(result.attribution
        ? {
            attribution: {
              source: result.attribution.source,
              campaignId: result.attribution.campaignId,
              affiliateId: result.attribution.affiliateId,
              failures: attributionFailures(result.attribution.failures, i18n),
            },
          }
        : {}),
    }
  })
  return { summary, results: rows }
}
