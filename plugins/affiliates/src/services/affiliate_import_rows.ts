/*
 * What the affiliate import and the affiliate update share: the CSV columns, the row
 * validators (the single-create rules, CSV names) and the lookups by e-mail or name
 * (account manager, group, referrer), loaded once per import.
 */
import vine from '@vinejs/vine'
import {
  PHONE_RULE,
  countryRule,
  currencyRule,
  listPanels,
  text,
  type ImportJob,
  type PanelChanges,
} from '@affix/core/kernel'
import { PAYMENT_METHODS, SETTABLE_STATUSES } from '../constants.js'
import { isValidCpf } from '../cpf.js'
import { lockGroups } from '../groups/membership.js'
import { groupInUse } from '../groups/usage.js'
import { MANAGER_ROLES } from './affiliates.js'

/** Every column both files may carry, in the order of the sample files. */
export const AFFILIATE_COLUMNS = [
  'email',
  'name',
  'status',
  'contact',
  'skype',
  'tags',
  'company_name',
  'country',
  'state',
  'city',
  'address',
  'zipcode',
  'tax_id',
  'currency',
  'external_id',
  'manager_email',
  'group',
  'referred_by_email',
  'fee_percent',
  'negative_carryover',
  'email_notification',
  'payment_method',
  'bank_name',
  'account_holder_name',
  'account_number',
  'swift_code',
  'ifsc',
  'paypal_id',
  'paypal_email',
  'cpf',
  'crypto_network',
  'crypto_address',
] as const

// The rules of POST /affiliates (validators.ts), with the CSV's column names.
const cpfRule = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && !isValidCpf(value)) field.report('Invalid CPF', 'cpf', field)
})

const BOOLEAN_WORDS: Record<string, string> = {
  yes: 'true',
  no: 'false',
  y: 'true',
  n: 'false',
  sim: 'true',
  não: 'false',
  nao: 'false',
  evet: 'true',
  hayır: 'false',
}

/** The fields of one row, without the key (email for a new affiliate, email or id for an update). */
const rowFields = {
  status: vine.enum(SETTABLE_STATUSES).optional(),
  contact: vine.string().trim().regex(PHONE_RULE).optional(),
  skype: text().optional(),
  tags: vine.array(vine.string().trim().minLength(1).maxLength(50)).maxLength(50).distinct().optional(),
  company_name: text().optional(),
  country: vine.string().trim().toUpperCase().use(countryRule()).optional(),
  state: text().optional(),
  city: text().optional(),
  address: text().optional(),
  zipcode: vine.string().trim().maxLength(32).optional(),
  tax_id: vine.string().trim().maxLength(64).optional(),
  currency: vine.string().trim().toUpperCase().fixedLength(3).use(currencyRule()).optional(),
  external_id: vine.string().trim().maxLength(64).optional(),
  manager_email: vine.string().trim().email().maxLength(254).optional(),
  group: text().optional(),
  referred_by_email: vine.string().trim().email().maxLength(254).optional(),
  fee_percent: vine.number().min(0).max(100).decimal([0, 2]).optional(),
  negative_carryover: vine.boolean().optional(),
  email_notification: vine.boolean().optional(),
  payment_method: vine.enum(PAYMENT_METHODS).optional(),
  bank_name: text().optional(),
  account_holder_name: text().optional(),
  account_number: vine.string().trim().maxLength(64).optional(),
  swift_code: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
    .optional(),
  ifsc: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/)
    .optional(),
  paypal_id: text().optional(),
  paypal_email: vine.string().trim().email().maxLength(254).optional(),
  // Spec §3: 11 digits; the usual 000.000.000-00 punctuation is accepted and dropped.
  cpf: vine
    .string()
    .trim()
    .regex(/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/)
    .use(cpfRule())
    .transform((value) => value.replace(/\D/g, ''))
    .optional(),
  crypto_network: vine.string().trim().maxLength(64).optional(),
  crypto_address: text().optional(),
}

export const importRowValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    name: text().minLength(1),
    ...rowFields,
  })
)

export const updateRowValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().positive().optional(),
    email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
    name: text().minLength(1).optional(),
    ...rowFields,
  })
)

/** A CSV row as validator input: empty cells dropped, tags split on |, yes/no read as booleans. */
export function rowInput(values: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [column, raw] of Object.entries(values)) {
    const value = raw.trim()
    if (value === '') continue
    if (column === 'tags')
      input.tags = value
        .split('|')
        .map((tag) => tag.trim())
        .filter(Boolean)
    else if (column === 'negative_carryover' || column === 'email_notification')
      input[column] = BOOLEAN_WORDS[value.toLowerCase()] ?? value
    else input[column] = value
  }
  return input
}

export type AffiliateRow = Awaited<ReturnType<(typeof importRowValidator)['validate']>>
export { PAYMENT_METHODS }

/** Account managers, groups and affiliates of the organisation, by lower-case e-mail or name. */
export interface Lookups {
  managers: Map<string, number>
  groups: Map<string, number>
  affiliates: Map<string, number>
}

export async function loadLookups(job: ImportJob): Promise<Lookups> {
  const [managers, groups, affiliates] = await Promise.all([
    listPanels(job.organizationId, { roles: MANAGER_ROLES, live: true, client: job.trx }),
    job.trx.from('affiliate_groups').where('organization_id', job.organizationId).select('id', 'name'),
    job.trx
      .from('affiliate_records')
      .where('organization_id', job.organizationId)
      .whereNot('status', 'deleted')
      .select('id', 'email'),
  ])
  return {
    managers: new Map(managers.map((row) => [String(row.email).toLowerCase(), Number(row.id)])),
    groups: new Map(groups.map((row) => [String(row.name).toLowerCase(), Number(row.id)])),
    affiliates: new Map(affiliates.map((row) => [String(row.email).toLowerCase(), Number(row.id)])),
  }
}

/** Resolves the e-mail and name references of a row, or says which one is unknown. */
export function resolveReferences(
  data: Partial<AffiliateRow>,
  lookups: Lookups,
  job: ImportJob,
  ownEmail?: string
): { ok: true; managerId?: number; groupId?: number; referredById?: number } | { ok: false; error: string } {
  const result: { ok: true; managerId?: number; groupId?: number; referredById?: number } = { ok: true }
  if (data.manager_email) {
    result.managerId = lookups.managers.get(data.manager_email.toLowerCase())
    // The API's rule and message (POST /affiliates): a live sub-admin, AFM or ADM.
    if (!result.managerId) return { ok: false, error: job.t('affiliates.errors.unknown_manager') }
  }
  if (data.group) {
    result.groupId = lookups.groups.get(data.group.toLowerCase())
    if (!result.groupId) return { ok: false, error: job.t('affiliate_imports.unknown_group', { name: data.group }) }
  }
  if (data.referred_by_email) {
    if (ownEmail && data.referred_by_email.toLowerCase() === ownEmail.toLowerCase())
      return { ok: false, error: job.t('affiliate_imports.self_referral') }
    result.referredById = lookups.affiliates.get(data.referred_by_email.toLowerCase())
    if (!result.referredById)
      return { ok: false, error: job.t('affiliate_imports.unknown_referrer', { email: data.referred_by_email }) }
  }
  return result
}

/** Spec §4 per import, cached: a group tied to a campaign neither gains nor loses members. */
export function groupUsage(organizationId: number) {
  const cache = new Map<number, boolean>()
  return async (groupId: number) => {
    if (!cache.has(groupId)) cache.set(groupId, await groupInUse(organizationId, groupId))
    return cache.get(groupId)!
  }
}

/** Group memberships of live affiliates (groups/membership.ts), kept in step as rows are accepted. */
export interface Memberships {
  /** `${groupId}:${affiliateId}` */
  members: Set<string>
  liveCount: Map<number, number>
}

/**
 * Loads the memberships under the organisation's group lock, held until the import ends, so
 * that no concurrent change empties a group behind the counts.
 */
export async function loadMemberships(job: ImportJob): Promise<Memberships> {
  await lockGroups(job.trx, job.organizationId)
  const rows = await job.trx
    .from('affiliate_group_members as m')
    .join('affiliate_records as a', 'a.id', 'm.affiliate_id')
    .where('m.organization_id', job.organizationId)
    .whereNot('a.status', 'deleted')
    .select('m.group_id', 'm.affiliate_id')
  const liveCount = new Map<number, number>()
  for (const row of rows) liveCount.set(Number(row.group_id), (liveCount.get(Number(row.group_id)) ?? 0) + 1)
  return { members: new Set(rows.map((row) => `${row.group_id}:${row.affiliate_id}`)), liveCount }
}

/** A Postgres type per column, for the jsonb_to_recordset row lists of the bulk writes. */
export type ColumnTypes = Record<string, string>

/** A validated field and where it is stored; `fallback` is the column default on insert. */
export interface StoredField {
  key: string
  column: string
  type: string
  fallback?: string
}

/**
 * The fields that live on the panel (core's, written through the kernel's addPanels and
 * updatePanels): validated key → field of the kernel's panel.
 */
export const PANEL_FIELDS = {
  name: 'name',
  status: 'status',
  contact: 'phone',
  skype: 'skype',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  zipcode: 'zipcode',
} as const satisfies Record<string, keyof PanelChanges>

/** The panel fields a validated row fills (an empty cell is left out: it changes nothing). */
export function panelValues(data: Record<string, unknown>): PanelChanges {
  const values: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(PANEL_FIELDS))
    if (data[key] !== undefined && data[key] !== null) values[field] = data[key]
  return values as PanelChanges
}

/** The plugin's tables, one row per affiliate keyed by user_id (a missing row reads as the defaults). */
export const PROFILE_TABLE = 'affiliate_profiles'
export const PAYMENT_TABLE = 'affiliate_payment_details'
export const PROFILE_FIELDS: StoredField[] = [
  { key: 'tags', column: 'tags', type: 'jsonb', fallback: "'[]'::jsonb" },
  { key: 'company_name', column: 'company_name', type: 'text' },
  { key: 'tax_id', column: 'tax_id', type: 'text' },
  { key: 'currency', column: 'currency', type: 'text' },
  { key: 'external_id', column: 'external_id', type: 'text' },
  { key: 'managerId', column: 'manager_id', type: 'integer' },
  { key: 'groupId', column: 'group_id', type: 'integer' },
  { key: 'referredById', column: 'referred_by', type: 'integer' },
  { key: 'fee_percent', column: 'fee_percent', type: 'numeric' },
  { key: 'negative_carryover', column: 'negative_carryover', type: 'boolean', fallback: 'false' },
  { key: 'email_notification', column: 'email_notification', type: 'boolean', fallback: 'true' },
]
export const PAYMENT_FIELDS: StoredField[] = [
  { key: 'payment_method', column: 'default_method', type: 'text' },
  { key: 'bank_name', column: 'bank_name', type: 'text' },
  { key: 'account_holder_name', column: 'account_holder_name', type: 'text' },
  { key: 'account_number', column: 'account_number', type: 'text' },
  { key: 'swift_code', column: 'swift_code', type: 'text' },
  { key: 'ifsc', column: 'ifsc', type: 'text' },
  { key: 'paypal_id', column: 'paypal_id', type: 'text' },
  { key: 'paypal_email', column: 'paypal_email', type: 'text' },
  { key: 'cpf', column: 'cpf', type: 'text' },
  { key: 'crypto_network', column: 'crypto_network', type: 'text' },
  { key: 'crypto_address', column: 'crypto_address', type: 'text' },
]

/** The stored values of a validated row for some fields (null: not given). */
export function valuesFor(fields: StoredField[], data: Record<string, unknown>) {
  return Object.fromEntries(fields.map((field) => [field.column, data[field.key] ?? null]))
}

export const anyGiven = (values: Record<string, unknown>) => Object.values(values).some((value) => value !== null)

/** `r(col type, …)` of jsonb_to_recordset. */
export function recordsetShape(columns: ColumnTypes) {
  return Object.entries(columns)
    .map(([column, type]) => `"${column}" ${type}`)
    .join(', ')
}

/** Column → type of a key column, organization_id and some fields. */
export function shapeOf(key: string, fields: StoredField[], extra: ColumnTypes = {}): ColumnTypes {
  return { [key]: 'integer', ...extra, ...Object.fromEntries(fields.map((field) => [field.column, field.type])) }
}

/**
 * Inserts rows of one affiliate table in one statement; a field left empty takes the
 * column's default (`fallback`).
 */
export async function insertRows(
  trx: ImportJob['trx'],
  table: string,
  fields: StoredField[],
  rows: Array<Record<string, unknown>>
) {
  if (!rows.length) return
  const shape = shapeOf('user_id', fields, { organization_id: 'integer' })
  const select = Object.keys(shape).map((column) => {
    const fallback = fields.find((field) => field.column === column)?.fallback
    return fallback ? `COALESCE(r."${column}", ${fallback})` : `r."${column}"`
  })
  await trx.rawQuery(
    `INSERT INTO ${table} (${Object.keys(shape)
      .map((column) => `"${column}"`)
      .join(', ')}, created_at, updated_at)
     SELECT ${select.join(', ')}, now(), now() FROM jsonb_to_recordset(?::jsonb) AS r(${recordsetShape(shape)})`,
    [JSON.stringify(rows)]
  )
}

/**
 * Changes the given cells of rows of one of the plugin's affiliate tables (`COALESCE(new,
 * old)`: an empty cell keeps the value); a missing row is created first with the defaults.
 */
export async function updateRows(
  trx: ImportJob['trx'],
  table: string,
  fields: StoredField[],
  organizationId: number,
  rows: Array<Record<string, unknown>>
) {
  if (!rows.length) return
  const shape = shapeOf('user_id', fields)
  const payload = JSON.stringify(rows)
  await trx.rawQuery(
    `INSERT INTO ${table} (user_id, organization_id) SELECT r.user_id, ? FROM jsonb_to_recordset(?::jsonb) AS r(user_id integer) ON CONFLICT (user_id) DO NOTHING`,
    [organizationId, payload]
  )
  const assignments = fields.map((field) => `"${field.column}" = COALESCE(r."${field.column}", t."${field.column}")`)
  await trx.rawQuery(
    `UPDATE ${table} AS t SET ${assignments.join(', ')}, updated_at = now()
     FROM jsonb_to_recordset(?::jsonb) AS r(${recordsetShape(shape)})
     WHERE t.user_id = r.user_id AND t.organization_id = ?`,
    [payload, organizationId]
  )
}
