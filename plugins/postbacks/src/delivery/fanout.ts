/*
 * From business events to deliveries. The customers and payouts plugins emit their events in
 * the transaction that wrote the rows; each listener here (a queue job) turns the event into
 * one delivery per matching postback or webhook, with a deterministic event_id, and enqueues
 * each delivery's job in the same transaction as the delivery row. A listener run twice
 * (the queue retries) inserts nothing new: the event_id is unique.
 */
import { Decimal } from 'decimal.js'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  activityByIds,
  activityChanged,
  conversionsByIds,
  conversionsRecorded,
  customersByIds,
  customersRegistered,
  maskCuid,
  type ConversionRecord,
  type CustomerRecord,
} from '@affix/customers/contracts'
import {
  commissionRowsOf,
  commissionsApproved,
  commissionsCreated,
  type CommissionRowRef,
} from '@affix/payouts/contracts'
import { clickLog } from '@affix/tracking/contracts'
import { organizationPreferences } from '@affix/core/kernel'
import { createHash } from 'node:crypto'
import { eventIdFor } from './macros.js'
import { wakeDispatcher } from './deliver.js'

/** One business event a postback may fire for. */
export interface PostbackItem {
  event: string
  /** What makes the event unique in the organisation (e.g. `ftd:<customer id>`). */
  key: string
  affiliateId: number | null
  campaignId: number | null
  country: string | null
  amount: string | null
  customerId: number | null
  cuid: string | null
  clickId: string | null
  values: Record<string, string | null>
}

/** One network event for webhooks. */
export interface WebhookItem {
  event: string
  key: string
  customerId: number | null
  clickId: string | null
  data: Record<string, unknown>
}

/*
 * Conversions that are postback events. The registration is not among them: its conversion
 * is written in the transaction that emits customers `registered`, whose listener fans it out
 * (the same event key, so it would only be a second, ignored insert). Nor is the qualified CPA:
 * it comes from the commission ledger (QUALIFYING_ROW_TYPES), which knows every goal's
 * qualification.
 */
const CONVERSION_EVENTS: Record<string, string> = {
  ftd: 'ftd',
  deposit: 'deposit',
}

/**
 * Commission rows that mean "the customer qualified": the goal CPA row of the cpa and hybrid
 * models, whatever the goal (leads, ftd with QFTD and rules, ngr, d, c_deposit), and the
 * cumulative-deposit model's row. The first one of a customer fires `qualified_cpa` (the event
 * key is per customer, so later rows of goal `d` or a re-run add nothing).
 */
const QUALIFYING_ROW_TYPES = new Set(['cpa', 'cumulative_deposit'])

/**
 * What `{customer_id}` carries. An affiliate's postback follows the organisation's customer-ID
 * masking preference, as the affiliate's own screens do: when the organisation masks, no flag
 * unmasks. The postback's `maskCustomerId` can only add masking. The network's global
 * postbacks (the network's own systems) get the raw id unless their flag masks it.
 */
export function customerIdFor(
  cuid: string | null,
  postback: { affiliate_id: number | null; mask_customer_id: boolean },
  organizationMasks: boolean
) {
  if (cuid === null) return null
  const masked = postback.mask_customer_id || (postback.affiliate_id !== null && organizationMasks)
  return masked ? maskCuid(cuid) : cuid
}

/** The key of a customer-level event: registration, FTD and CPA happen once per customer. */
const conversionKey = (event: string, conversion: { id: number; customerId: number }) =>
  event === 'deposit' ? `deposit:${conversion.id}` : `${event}:${conversion.customerId}`

/** A 0–99 bucket from the event id, so a sampling decision is the same on every re-run. */
const bucketOf = (eventId: string) => parseInt(eventId.replace(/-/g, '').slice(0, 8), 16) % 100

function ruleMatches(rule: any, item: PostbackItem) {
  if (rule.events?.length && !rule.events.includes(item.event)) return false
  if (rule.campaign_ids?.length && (item.campaignId === null || !rule.campaign_ids.includes(item.campaignId)))
    return false
  if (rule.countries?.length && (!item.country || !rule.countries.includes(item.country))) return false
  if (rule.min_amount !== null || rule.max_amount !== null) {
    if (item.amount === null) return false
    const amount = new Decimal(item.amount)
    if (rule.min_amount !== null && amount.lessThan(rule.min_amount)) return false
    if (rule.max_amount !== null && amount.greaterThan(rule.max_amount)) return false
  }
  return true
}

/** Rules in priority order: the first that matches decides (skip, or fire within its sample). */
export function rulesAllow(rules: any[], item: PostbackItem, eventId: string) {
  for (const rule of rules) {
    if (!ruleMatches(rule, item)) continue
    if (rule.action === 'skip') return false
    return bucketOf(eventId) < Number(rule.sample_percent)
  }
  return true
}

async function clickDetails(organizationId: number, clickIds: Array<string | null>) {
  const ids = [...new Set(clickIds.filter((id): id is string => Boolean(id)))]
  const byId = new Map<string, { source: string | null; params: Record<string, string> }>()
  if (!ids.length) return byId
  for (const click of await clickLog(organizationId, ids)) byId.set(click.clickId, click)
  return byId
}

/**
 * Inserts the deliveries (skipping event ids already there) and enqueues their jobs, in one
 * transaction (the caller's `trx` when given).
 */
async function store(organizationId: number, rows: Array<Record<string, unknown>>, outer?: TransactionClientContract) {
  if (!rows.length) return
  const inTransaction = async (trx: TransactionClientContract) => {
    let woken = false
    for (let start = 0; start < rows.length; start += 500) {
      // tenancy: each delivery row carries the organisation (built above)
      const inserted = await trx
        .insertQuery()
        .table('postback_deliveries')
        .multiInsert(rows.slice(start, start + 500))
        .onConflict('event_id')
        .ignore()
        .returning(['id'])
      woken ||= (inserted as unknown[]).length > 0
    }
    // The rows are the queue; one wake-up in the same transaction starts their dispatch.
    if (woken) await wakeDispatcher(organizationId, { trx })
  }
  if (outer) await inTransaction(outer)
  else await db.transaction(inTransaction)
}

export async function fanOutPostbacks(organizationId: number, items: PostbackItem[]) {
  const attributed = items.filter((item) => item.affiliateId !== null)
  if (!attributed.length) return
  const postbacks = await db
    .from('postbacks')
    .where({ organization_id: organizationId, status: 'active' })
    .where((inner) =>
      inner
        .whereNull('affiliate_id')
        .orWhereIn('affiliate_id', [...new Set(attributed.map((item) => item.affiliateId!))])
    )
    .whereRaw('events && ?::text[]', [[...new Set(attributed.map((item) => item.event))]])
  if (!postbacks.length) return
  const rules = await db
    .from('postback_rules')
    .where({ organization_id: organizationId, status: 'active' })
    .whereIn(
      'postback_id',
      postbacks.map((postback) => postback.id)
    )
    .orderBy(['priority', 'id'])
  const clicks = await clickDetails(
    organizationId,
    attributed.map((item) => item.clickId)
  )
  const { maskCustomerId: organizationMasks } = await organizationPreferences(organizationId)
  const rows: Array<Record<string, unknown>> = []
  for (const item of attributed) {
    const click = item.clickId ? clicks.get(item.clickId) : undefined
    for (const postback of postbacks) {
      if (postback.affiliate_id !== null && postback.affiliate_id !== item.affiliateId) continue
      if (!postback.events.includes(item.event)) continue
      if (
        postback.campaign_ids?.length &&
        (item.campaignId === null || !postback.campaign_ids.includes(item.campaignId))
      )
        continue
      const eventId = eventIdFor(organizationId, 'postback', postback.id, item.key)
      const ownRules = rules.filter((rule) => rule.postback_id === postback.id)
      if (!rulesAllow(ownRules, item, eventId)) continue
      const values: Record<string, string | null> = {
        ...Object.fromEntries(Object.entries(click?.params ?? {}).map(([name, value]) => [name, String(value)])),
        source: click?.source ?? null,
        click_id: item.clickId,
        campaign_id: item.campaignId === null ? null : String(item.campaignId),
        pub_id: String(item.affiliateId),
        customer_id: customerIdFor(item.cuid, postback, organizationMasks),
        event: item.event,
        ...item.values,
      }
      rows.push({
        organization_id: organizationId,
        kind: 'postback',
        postback_id: postback.id,
        affiliate_id: item.affiliateId,
        event: item.event,
        event_id: eventId,
        values: JSON.stringify(values),
        customer_id: item.customerId,
        click_id: item.clickId,
        status: 'pending',
        next_attempt_at: new Date(),
      })
    }
  }
  await store(organizationId, rows)
}

export async function fanOutWebhooks(organizationId: number, items: WebhookItem[], trx?: TransactionClientContract) {
  if (!items.length) return
  const webhooks = await (trx ?? db)
    .from('webhook_configs')
    .where({ organization_id: organizationId, status: 'active' })
    .whereRaw('events && ?::text[]', [[...new Set(items.map((item) => item.event))]])
  const rows: Array<Record<string, unknown>> = []
  for (const item of items) {
    for (const webhook of webhooks) {
      if (!webhook.events.includes(item.event)) continue
      rows.push({
        organization_id: organizationId,
        kind: 'webhook',
        webhook_id: webhook.id,
        affiliate_id: null,
        event: item.event,
        event_id: eventIdFor(organizationId, 'webhook', webhook.id, item.key),
        values: JSON.stringify(item.data),
        customer_id: item.customerId,
        click_id: item.clickId,
        status: 'pending',
        next_attempt_at: new Date(),
      })
    }
  }
  await store(organizationId, rows, trx)
}

function customerItem(customer: CustomerRecord): PostbackItem {
  return {
    event: 'registration',
    key: `registration:${customer.id}`,
    affiliateId: customer.affiliateId,
    campaignId: customer.campaignId,
    country: customer.country,
    amount: null,
    customerId: customer.id,
    cuid: customer.cuid,
    clickId: customer.clickId,
    values: { amount: null, payout: null, currency: customer.currency, txn_id: null },
  }
}

async function conversionItems(organizationId: number, all: ConversionRecord[]) {
  const conversions = all.filter((conversion) => CONVERSION_EVENTS[conversion.type] && conversion.affiliateId !== null)
  if (!conversions.length) return []
  const customers = new Map(
    (
      await customersByIds(
        organizationId,
        conversions.map((conversion) => conversion.customerId)
      )
    ).map((customer) => [customer.id, customer])
  )
  const activity = new Map(
    (
      await activityByIds(
        organizationId,
        conversions.flatMap((conversion) => (conversion.activityId ? [conversion.activityId] : []))
      )
    ).map((row) => [row.id, row])
  )
  const items: PostbackItem[] = []
  for (const conversion of conversions) {
    const event = CONVERSION_EVENTS[conversion.type]
    if (!event) continue
    const customer = customers.get(conversion.customerId)
    items.push({
      event,
      key: conversionKey(event, conversion),
      affiliateId: conversion.affiliateId,
      campaignId: conversion.campaignId,
      country: customer?.country ?? null,
      amount: conversion.amount,
      customerId: conversion.customerId,
      cuid: customer?.cuid ?? null,
      clickId: conversion.clickId ?? customer?.clickId ?? null,
      values: {
        amount: conversion.amount,
        payout: null,
        currency: conversion.currency ?? customer?.currency ?? null,
        txn_id: conversion.activityId ? (activity.get(conversion.activityId)?.txnId ?? null) : null,
      },
    })
  }
  return items
}

const batchKey = (prefix: string, ids: number[]) =>
  `${prefix}:${createHash('sha256')
    .update([...ids].sort((one, other) => one - other).join(','))
    .digest('hex')}`

/**
 * Whether the organisation has an active postback or webhook at all: every ingested batch
 * raises these events, and without a receiver reading its conversions, customers and rows
 * is wasted work (an activation later does not fire for earlier events either way).
 */
async function receivers(organizationId: number) {
  const { rows } = await db.rawQuery(
    `SELECT EXISTS (SELECT 1 FROM postbacks WHERE organization_id = ? AND status = 'active') AS postbacks,
            EXISTS (SELECT 1 FROM webhook_configs WHERE organization_id = ? AND status = 'active') AS webhooks`,
    [organizationId, organizationId]
  )
  return { postbacks: Boolean(rows[0].postbacks), webhooks: Boolean(rows[0].webhooks) }
}

export const postbackListeners = [
  customersRegistered.listen(async ({ organizationId, customerIds }) => {
    const active = await receivers(organizationId)
    if (!active.postbacks && !active.webhooks) return
    const customers = await customersByIds(organizationId, customerIds)
    await fanOutPostbacks(organizationId, customers.map(customerItem))
    await fanOutWebhooks(
      organizationId,
      customers.map((customer) => ({
        event: 'customer.registered',
        key: `customer.registered:${customer.id}`,
        customerId: customer.id,
        clickId: customer.clickId,
        data: {
          customerId: customer.id,
          brandId: customer.brandId,
          campaignId: customer.campaignId,
          affiliateId: customer.affiliateId,
          country: customer.country,
          registeredAt: customer.registeredAt,
          clickId: customer.clickId,
        },
      }))
    )
  }),
  conversionsRecorded.listen(async ({ organizationId, conversionIds }) => {
    const active = await receivers(organizationId)
    if (!active.postbacks && !active.webhooks) return
    const conversions = await conversionsByIds(organizationId, conversionIds)
    if (active.postbacks) await fanOutPostbacks(organizationId, await conversionItems(organizationId, conversions))
    const items: WebhookItem[] = []
    for (const conversion of conversions) {
      const data = {
        conversionId: conversion.id,
        type: conversion.type,
        customerId: conversion.customerId,
        campaignId: conversion.campaignId,
        affiliateId: conversion.affiliateId,
        amount: conversion.amount,
        currency: conversion.currency,
        occurredAt: conversion.occurredAt,
        capStatus: conversion.capStatus,
      }
      const base = { customerId: conversion.customerId, clickId: conversion.clickId, data }
      items.push({ ...base, event: 'conversion.recorded', key: `conversion.recorded:${conversion.id}` })
      if (conversion.type === 'ftd')
        items.push({ ...base, event: 'customer.ftd', key: `customer.ftd:${conversion.customerId}` })
    }
    await fanOutWebhooks(organizationId, items)
  }),
  activityChanged.listen(async ({ organizationId, activityIds, correctedIds, customerIds }) => {
    await fanOutWebhooks(organizationId, [
      {
        event: 'activity.changed',
        key: batchKey('activity.changed', activityIds),
        customerId: customerIds.length === 1 ? customerIds[0] : null,
        clickId: null,
        data: { activityIds, correctedIds, customerIds },
      },
    ])
  }),
  commissionsCreated.listen(async ({ organizationId, keys }) => {
    const active = await receivers(organizationId)
    if (!active.postbacks && !active.webhooks) return
    const rows = await commissionRowsOf(organizationId, { keys })
    const customers = new Map(
      (
        await customersByIds(
          organizationId,
          rows.flatMap((row) => (row.customerId ? [row.customerId] : []))
        )
      ).map((customer) => [customer.id, customer])
    )
    const itemOf = (row: CommissionRowRef, event: string, key: string): PostbackItem => {
      const customer = row.customerId ? customers.get(row.customerId) : undefined
      return {
        event,
        key,
        affiliateId: row.affiliateId,
        campaignId: row.campaignId,
        country: customer?.country ?? null,
        amount: row.amount,
        customerId: row.customerId,
        cuid: customer?.cuid ?? null,
        clickId: customer?.clickId ?? null,
        values: { amount: row.amount, payout: row.amount, currency: row.currency, txn_id: null },
      }
    }
    // A denied row (a cap, fraud) pays nothing: it does not announce a qualification.
    const qualifying = new Map<number, CommissionRowRef>()
    for (const row of rows)
      if (QUALIFYING_ROW_TYPES.has(row.type) && row.customerId !== null && row.status !== 'denied')
        if (!qualifying.has(row.customerId)) qualifying.set(row.customerId, row)
    await fanOutPostbacks(organizationId, [
      ...rows.map((row) => itemOf(row, 'commission_created', `commission_created:${row.id}`)),
      ...[...qualifying.values()].map((row) => itemOf(row, 'qualified_cpa', `qualified_cpa:${row.customerId}`)),
    ])
    await fanOutWebhooks(
      organizationId,
      rows.map((row) => ({
        event: 'commission.created',
        key: `commission.created:${row.id}`,
        customerId: row.customerId,
        clickId: null,
        data: { ...row },
      }))
    )
  }),
  commissionsApproved.listen(async ({ organizationId, rowIds }) => {
    const rows = await commissionRowsOf(organizationId, { ids: rowIds })
    await fanOutWebhooks(
      organizationId,
      rows.map((row) => ({
        event: 'commission.approved',
        key: `commission.approved:${row.id}`,
        customerId: row.customerId,
        clickId: null,
        data: { ...row },
      }))
    )
  }),
]
