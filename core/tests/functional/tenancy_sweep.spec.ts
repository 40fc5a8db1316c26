/*
 * The tenancy sweep: every operation of the OpenAPI document with a record id in its path
 * is called with another organisation's ids, and with another affiliate's ids, and must
 * answer 404 or 403 with no data, changing nothing. It reads the document the code builds
 * (every installed plugin's routes), so a new plugin is covered without a test of its own.
 *
 * How the ids are found, without per-plugin code:
 * 1. Organisation B is created like the demo: its admin, then every installed plugin's
 *    manifest `seed`, in install order. Two of its seeded affiliates are X and Y.
 * 2. A few rows no seed creates are added through the API (FIXTURES below): core's own
 *    resources (core has no seed hook), and rows of plugins whose seed does not create one
 *    yet. Each runs only when B has no such row, so a richer seed makes it a no-op.
 * 3. For each operation, each path id comes from B's list of the collection the id follows
 *    (`/campaigns/{id}/caps/{capId}`: B's campaigns, then that campaign's caps), read as B's
 *    admin: the row's `id`, or its field named like the parameter (`clickId`, `affiliateId`).
 *    Two ids in a row (`/{id}/{affiliateId}`) are two fields of one row. Three small mappings
 *    cover what the document cannot say (ROW_ID_FIELD, UNLISTED_IDS, REFERENCED_IDS).
 *
 * Then, per operation:
 * - a GET is first called as B's admin, which must find the row (the ids are real);
 * - it is called as organisation A's admin with B's ids: 404 or 403, no `data`, none of the
 *   row's text in the body; a write (POST, PUT, PATCH, DELETE) gets a valid body built from
 *   the request schema and B's own row, and B's row (or sub-collection) must read the same
 *   before and after;
 * - for ids that belong to affiliate Y (rows naming Y: `affiliateId`, `userId` or its e-mail;
 *   rows Y lists and X does not), it is called as affiliate X: 404 or 403, no data, no change.
 *
 * Not called (listed in the output with the reason):
 * - public operations (`security: []`): an organisation's signup form, its login-page logo
 *   and creatives by unguessable key are public by design, whoever asks;
 * - path parameters that are names, not record ids (string-typed in the document: plugin
 *   ids, logo kinds, signup panel types): they are the same for every organisation and the
 *   operation acts on the caller's own organisation.
 * Any other operation the sweep cannot find a row of B for fails the test, naming it.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { buildOpenApiDocument } from '#services/openapi_document'
import { demoSeedContext } from '#services/demo_data'
import { installedPlugins } from '#kernel/installed_plugins'
import { FEATURE_FLAGS } from '#kernel/permissions'
import Organization from '#models/organization'
import User from '#models/user'
import { createTenant, csv } from '#tests/helpers/fixtures'
import { waitForImport } from '#tests/helpers/imports'

type Row = Record<string, any>
type Schema = Record<string, any>
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

interface Operation {
  method: Method
  path: string
  params: Array<{ name: string; schema: Schema }>
  public: boolean
  body?: { multipart: boolean; schema: Schema }
}

interface Caller {
  token: string
}

interface Binding {
  /** Path parameter → value. */
  values: Record<string, string>
  /** The row the last id was read from. */
  row: Row
  /** The collection that row was listed from. */
  collection: string
}

const API = '/api/v1'

/*
 * The sweep's two small mappings, for what the document does not say. Lists whose rows have
 * no `id`: the field the collection's `{id}` stands for (an access request is named by its
 * campaign and its affiliate).
 */
const ROW_ID_FIELD: Record<string, string> = {
  [`${API}/campaigns/campaign-access-requests`]: 'campaignId',
}

/**
 * Collections whose list B's admin may not read, and what their `{id}` is: superadmin
 * accounts are organisations (an organisation admin must be refused them).
 */
const UNLISTED_IDS: Record<string, (b: Organisation) => Row[]> = {
  [`${API}/superadmin/accounts`]: (b) => [{ id: b.org.id, name: b.org.name }],
}

/**
 * Collections whose `{id}` is a record another plugin lists: a brand's formula override is
 * named by the brand, a referrer's override by the affiliate.
 */
const REFERENCED_IDS: Record<string, string> = {
  [`${API}/payouts/brands`]: `${API}/brands/brands`,
  [`${API}/payouts/referral-settings/overrides`]: `${API}/affiliates/affiliates`,
}

interface Organisation {
  org: Organization
  admin: Caller & { user: User }
}

/* ------------------------------------------------------------------ the document */

function operationsOf(document: any): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const params = (operation.parameters ?? [])
        .filter((parameter: any) => parameter.in === 'path')
        .map((parameter: any) => ({ name: parameter.name, schema: parameter.schema }))
      if (!params.length) continue
      const content = operation.requestBody?.content ?? {}
      const type = Object.keys(content)[0]
      operations.push({
        method: method as Method,
        path,
        params,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        body: type
          ? { multipart: type === 'multipart/form-data', schema: resolve(document, content[type].schema) }
          : undefined,
      })
    }
  }
  // Reads first and deletes last, so a write that does get through spoils no later call.
  const rank: Method[] = ['get', 'post', 'put', 'patch', 'delete']
  return operations.sort((one, other) => rank.indexOf(one.method) - rank.indexOf(other.method))
}

function resolve(document: any, schema: Schema): Schema {
  if (schema?.$ref) return resolve(document, document.components.schemas[schema.$ref.split('/').pop()])
  return schema
}

/** A record id: an integer, or a UUID (click ids). Other strings name shared things. */
const isRecordId = (schema: Schema) => schema.type === 'integer' || schema.format === 'uuid'

/** Splits a path into its collections: `/a/{id}/b/{bId}` → [`/a`, id], [`/a/{id}/b`, bId]. */
function segmentsOf(path: string) {
  const parts = path.split('/')
  const steps: Array<{ collection: string; params: string[] }> = []
  parts.forEach((part, index) => {
    const param = /^\{(.+)\}$/.exec(part)?.[1]
    if (!param) return
    const previous = steps.at(-1)
    if (previous && parts[index - 1] === `{${previous.params.at(-1)}}`) previous.params.push(param)
    else steps.push({ collection: parts.slice(0, index).join('/'), params: [param] })
  })
  return steps
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]))

/* ------------------------------------------------------------------ calling */

async function call(
  client: ApiClient,
  caller: Caller,
  method: Method,
  url: string,
  body?: { multipart: boolean; value: Row }
) {
  // request(): one signature for every method (a union of client.get/post… types json() as never).
  let request = client.request(url, method.toUpperCase()).bearerToken(caller.token)
  if (body?.multipart) {
    for (const [field, value] of Object.entries(body.value)) {
      if (value instanceof Upload)
        request = request.file(field, value.bytes, { filename: value.filename, contentType: value.contentType })
      else request = request.field(field, String(value))
    }
  } else if (body) {
    request = request.json(body.value)
  }
  const response = await request
  let json: any = null
  try {
    json = response.body()
  } catch {}
  return { status: response.status(), body: json, text: response.text() }
}

async function listOf(client: ApiClient, caller: Caller, collection: string): Promise<Row[] | null> {
  // A page of 100: the rows that have children (notes, caps…) are not always the newest.
  const response = await call(client, caller, 'get', `${collection}?limit=100`)
  if (response.status === 422) return listOfFirstPage(client, caller, collection)
  if (response.status !== 200 || !Array.isArray(response.body?.data)) return null
  return response.body.data
}

/** Lists that take no paging parameters: their first page. */
async function listOfFirstPage(client: ApiClient, caller: Caller, collection: string): Promise<Row[] | null> {
  const response = await call(client, caller, 'get', collection)
  if (response.status !== 200 || !Array.isArray(response.body?.data)) return null
  return response.body.data
}

/** The value of a path parameter in a listed row. */
function valueOf(row: Row, collection: string, param: string, first: boolean) {
  const field = first ? (ROW_ID_FIELD[collection] ?? 'id') : param
  const value = row[param] ?? row[field]
  return value === undefined || value === null ? undefined : String(value)
}

/**
 * The first binding of every path id of `operation` to a row of the caller's lists (B's
 * admin), walking parent rows until a child collection has one. `accept` narrows the rows
 * of the last collection (affiliate Y's rows).
 */
async function bind(
  operation: Operation,
  lists: (collection: string) => Promise<Row[] | null>,
  accept: (row: Row, collection: string) => boolean | Promise<boolean> = () => true,
  /** A last check on a complete binding (a read: B's own admin must get the row). */
  verify: (values: Record<string, string>, collection: string) => Promise<boolean> = async () => true
): Promise<Binding | undefined> {
  const steps = segmentsOf(operation.path)
  const walk = async (index: number, values: Record<string, string>): Promise<Binding | undefined> => {
    const step = steps[index]
    const collection = fill(step.collection, values)
    const rows = (await lists(collection)) ?? []
    const last = index === steps.length - 1
    for (const row of rows.slice(0, 100)) {
      if (last && !(await accept(row, collection))) continue
      const next = { ...values }
      let complete = true
      step.params.forEach((param, position) => {
        const value = valueOf(row, step.collection, param, position === 0)
        if (value === undefined) complete = false
        else next[param] = value
      })
      if (!complete) continue
      if (last) {
        if (!(await verify(next, collection))) continue
        return { values: next, row, collection }
      }
      const deeper = await walk(index + 1, next)
      if (deeper) return deeper
    }
    return undefined
  }
  return walk(0, {})
}

/* ------------------------------------------------------------------ bodies */

/** A file field of a multipart body. */
class Upload {
  constructor(
    readonly bytes: Buffer,
    readonly filename: string,
    readonly contentType: string
  ) {}
}

/** A 1×1 PNG, for file uploads (media creatives). */
const PNG = new Upload(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64'
  ),
  'sweep.png',
  'image/png'
)

/** A value the schema accepts, preferring B's own (`template`) when it has one of the right type. */
function sample(schema: Schema, template: unknown): unknown {
  if (template !== undefined && fits(schema, template)) return template
  if (schema.enum) return schema.enum.find((value: unknown) => value !== null) ?? schema.enum[0]
  if ('const' in schema) return schema.const
  if (schema.anyOf ?? schema.oneOf) return sample((schema.anyOf ?? schema.oneOf)[0], template)
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'sweep@sweep.example'
      if (schema.format === 'uri') return 'https://sweep.example/?c={click_id}'
      if (schema.format === 'date-time') return new Date().toISOString()
      return 'Sweep value'.slice(0, schema.maxLength ?? 100).padEnd(schema.minLength ?? 0, 'x')
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
    case 'boolean':
      return true
    case 'array':
      return schema.minItems ? [sample(schema.items ?? {}, undefined)] : []
    case 'object':
      return objectFrom(schema, template as Row | undefined)
    default:
      return null
  }
}

function fits(schema: Schema, value: unknown): boolean {
  if (schema.enum) return schema.enum.includes(value)
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (!types.length) return true
  return types.some((type) =>
    type === 'integer'
      ? Number.isInteger(value)
      : type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? typeof value === 'object' && value !== null && !Array.isArray(value)
          : type === 'null'
            ? value === null
            : typeof value === type
  )
}

/** The schema's required properties, and every property B's row has, from B's row first. */
function objectFrom(schema: Schema, template: Row | undefined): Row {
  const body: Row = {}
  for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
    const required = (schema.required ?? []).includes(name)
    if (!required && (template?.[name] === undefined || !fits(property, template[name]))) continue
    body[name] = sample(property, template?.[name])
  }
  return body
}

function bodyFor(operation: Operation, template: Row | undefined) {
  if (!operation.body) return undefined
  const value = objectFrom(operation.body.schema, template)
  if (operation.body.multipart) {
    for (const [name, property] of Object.entries<Schema>(operation.body.schema.properties ?? {}))
      if (property.format === 'binary' || property.contentMediaType) value[name] = PNG
  }
  return { multipart: operation.body.multipart, value }
}

/* ------------------------------------------------------------------ judging */

/** Text of B's row long enough not to turn up by chance (names, e-mails, URLs, codes). */
function tellTales(row: Row, url: string): string[] {
  const found = new Set<string>()
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.length >= 8 && !url.includes(encodeURIComponent(value))) found.add(value)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  visit(row)
  return [...found]
}

function refusal(response: { status: number; body: any; text: string }, row: Row, url: string) {
  const problems: string[] = []
  if (![403, 404].includes(response.status))
    problems.push(`answered ${response.status} ${response.body?.error?.message ?? ''}`.trim())
  if (response.body && response.body.data !== undefined && response.body.data !== null) problems.push('has data')
  const leaked = tellTales(row, url).filter((text) => response.text.includes(text))
  if (leaked.length) problems.push(`shows ${leaked.slice(0, 3).join(', ')}`)
  return problems
}

/* ------------------------------------------------------------------ organisation B */

/** Every feature flag some permission needs, none that hides one: every route is reachable. */
function reachableFeatures() {
  const needed = new Set<string>()
  const hiding = new Set<string>()
  for (const permission of installedPlugins().permissions()) {
    for (const flag of permission.requiresAnyFlag ?? []) needed.add(flag)
    for (const rule of permission.hiddenWhen ?? []) hiding.add(rule.flag)
  }
  return Object.fromEntries(FEATURE_FLAGS.filter((flag) => needed.has(flag) && !hiding.has(flag)).map((f) => [f, true]))
}

async function tokenFor(user: User) {
  return (await User.accessTokens.create(user)).value!.release()
}

/** An organisation seeded as the demo seeds one: its admin, then every plugin's `seed`. */
async function seededOrganisation(name: string) {
  const { org, user, token } = await createTenant('admin', name)
  org.features = reachableFeatures()
  await org.save()
  await db.transaction(async (trx) => {
    for (const plugin of installedPlugins().ordered)
      await plugin.seed?.(demoSeedContext(trx, org.id, plugin.id, { team: { adminId: user.id, members: [] } }))
  })
  return { org, admin: { user, token } }
}

/**
 * Rows no seed creates yet, added through the API as B's admin (or as affiliate Y) when B's
 * list of that collection is empty. Core has no seed hook, so its resources are here for
 * good; a plugin's entry can go once its manifest `seed` creates such a row.
 */
type Fixture = (context: {
  client: ApiClient
  b: Organisation
  y: Caller & { user: User }
  first: (collection: string) => Promise<Row>
}) => Promise<Answer | Answer[]>

interface Answer {
  status: number
  text: string
}

const FIXTURES: Record<string, Fixture> = {
  // core
  [`${API}/api-keys`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/api-keys`, {
      multipart: false,
      value: { name: 'Sweep key', scopes: [{ resource: 'brands', operations: ['read'] }] },
    }),
  [`${API}/oauth/apps`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/oauth/apps`, {
      multipart: false,
      value: {
        name: 'Sweep app',
        redirectUris: ['https://sweep.example/callback'],
        scopes: [{ resource: 'brands', operations: ['read'] }],
      },
    }),
  [`${API}/team-members`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/team-members`, {
      multipart: false,
      value: {
        name: 'Sweep Manager',
        email: 'sweep.manager@sweep.example',
        role: 'afm',
      },
    }),
  [`${API}/organization/child`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/organization/child`, {
      multipart: false,
      value: {
        name: 'Sweep Child',
        adminEmail: 'sweep.child@sweep.example',
      },
    }),
  // A background import with one good row and one bad, finished: it has a failed-rows file.
  [`${API}/imports`]: async ({ client, b }) => {
    const queued = await call(client, b.admin, 'post', `${API}/affiliates/affiliates/import`, {
      multipart: true,
      value: {
        file: new Upload(
          csv(['email,name', 'sweep.imported@sweep.example,Sweep Imported', 'not-an-email,X']),
          'sweep.csv',
          'text/csv'
        ),
      },
    })
    if (queued.status < 300) await waitForImport(client, b.admin.token, queued.body.data.id, ['imported_partially'])
    return queued
  },
  [`${API}/exports`]: async ({ client, b, y }) => [
    await call(client, b.admin, 'get', `${API}/brands/brands/export`),
    await call(client, y, 'get', `${API}/promo-codes/promo-codes/export`),
  ],
  // plugins whose seed has no such row yet
  [`${API}/affiliates/groups`]: async ({ client, b, y }) =>
    call(client, b.admin, 'post', `${API}/affiliates/groups`, {
      multipart: false,
      value: { name: 'Sweep Group', affiliateIds: [y.user.id] },
    }),
  [`${API}/deep-links/deep-links`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/deep-links/deep-links`, {
      multipart: false,
      value: { name: 'Sweep landing', url: 'https://sweep.example/landing' },
    }),
  [`${API}/domains/domains`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/domains/domains`, {
      multipart: false,
      value: { name: `links-${b.org.id}.sweep.example` },
    }),
  [`${API}/fraud/rules`]: ({ client, b }) =>
    call(client, b.admin, 'post', `${API}/fraud/rules`, {
      multipart: false,
      value: { name: 'Sweep data centres', action: 'block', type: 'data_center' },
    }),
  [`${API}/promo-codes/promo-codes`]: ({ client, b, y }) =>
    call(client, b.admin, 'post', `${API}/promo-codes/promo-codes`, {
      multipart: false,
      value: { code: 'SWEEP-Y', type: 'exclusive', affiliateId: y.user.id },
    }),
  // Affiliate Y asks for a private campaign.
  [`${API}/campaigns/campaign-access-requests`]: async ({ client, b, y }) => {
    const campaigns = (await listOf(client, b.admin, `${API}/campaigns/campaigns`)) ?? []
    const closed = campaigns.find((campaign) => campaign.visibility === 'private')
    return call(client, y, 'post', `${API}/campaigns/campaigns/${closed?.id}/access-requests`, {
      multipart: false,
      value: { answers: ['On a sweep site', '10'] },
    })
  },
  // A click of affiliate Y through the redirect.
  [`${API}/tracking/clicks`]: async ({ client, b, y }) => {
    const campaigns = (await listOf(client, b.admin, `${API}/campaigns/campaigns`)) ?? []
    const campaign = campaigns.find((row) => row.status === 'active' && row.visibility === 'public')
    const url = `http://${process.env.HOST}:${process.env.PORT}/c/${campaign?.id}?pub_id=${y.user.id}`
    const response = await fetch(url, { redirect: 'manual' })
    await response.arrayBuffer()
    return { status: response.status === 302 ? 201 : response.status, text: '' }
  },
  [`${API}/campaigns/campaigns/{id}/caps`]: ({ client, b, first }) =>
    first(`${API}/campaigns/campaigns`).then((campaign) =>
      call(client, b.admin, 'post', `${API}/campaigns/campaigns/${campaign.id}/caps`, {
        multipart: false,
        value: {
          variable: 'clicks',
          type: 'combined',
          visibility: 'public',
          action: 'reject_activity',
          limits: { daily: 100 },
        },
      })
    ),
  [`${API}/campaigns/campaigns/{id}/rule-blocks`]: ({ client, b, first }) =>
    first(`${API}/campaigns/campaigns`).then((campaign) =>
      call(client, b.admin, 'post', `${API}/campaigns/campaigns/${campaign.id}/rule-blocks`, {
        multipart: false,
        value: {
          name: 'Sweep block',
          logic: 'and',
          conditions: [{ field: 'country', operator: 'in', values: ['BR'] }],
        },
      })
    ),
  [`${API}/campaigns/campaigns/{id}/notes`]: ({ client, b, first }) =>
    first(`${API}/campaigns/campaigns`).then((campaign) =>
      call(client, b.admin, 'post', `${API}/campaigns/campaigns/${campaign.id}/notes`, {
        multipart: false,
        value: { body: 'Sweep note on a campaign' },
      })
    ),
}

test.group('tenancy sweep over the OpenAPI document', () => {
  test('every path-id operation refuses another organisation and another affiliate', async ({ client, assert }) => {
    const document = buildOpenApiDocument()
    const operations = operationsOf(document)

    // A: a plain organisation and its admin, every feature on.
    const a = await createTenant('admin', 'Sweep Org A')
    a.org.features = reachableFeatures()
    await a.org.save()
    const b = await seededOrganisation('Sweep Org B')
    const affiliates = await User.query()
      .where('organization_id', b.org.id)
      .where('role', 'affiliate')
      .where('status', 'active')
      .orderBy('id')
    assert.isAtLeast(affiliates.length, 2, 'the seed gives organisation B two active affiliates')
    const [yUser, xUser] = affiliates
    const y = { user: yUser, token: await tokenFor(yUser) }
    const x = { user: xUser, token: await tokenFor(xUser) }

    // Lists read to find ids, once per reader (B's rows do not change: a write that changes
    // one fails the sweep anyway). Before/after snapshots are always read afresh.
    const cache = new Map<string, Promise<Row[] | null>>()
    const cachedList = (caller: Caller, collection: string) => {
      const cacheKey = `${caller.token} ${collection}`
      if (!cache.has(cacheKey)) cache.set(cacheKey, listOf(client, caller, collection))
      return cache.get(cacheKey)!
    }
    const listsOfB = async (collection: string) => {
      const unlisted = UNLISTED_IDS[collection]
      return unlisted ? unlisted(b) : cachedList(b.admin, REFERENCED_IDS[collection] ?? collection)
    }
    const first = async (collection: string) => {
      const rows = await listOf(client, b.admin, collection)
      assert.isNotEmpty(rows, `organisation B has a row of ${collection}`)
      return rows![0]
    }

    const failures: string[] = []
    // Fixtures, parents first (a campaign's caps need the campaign).
    const fixturesUsed: string[] = []
    for (const [collection, make] of Object.entries(FIXTURES)) {
      const concrete = collection.includes('{')
        ? fill(collection, { id: String((await first(collection.split('/{')[0])).id) })
        : collection
      if ((UNLISTED_IDS[concrete]?.(b) ?? (await listOf(client, b.admin, concrete)))?.length) continue
      for (const answer of [await make({ client, b, y, first })].flat())
        if (answer.status >= 300) failures.push(`fixture ${collection}: ${answer.status} ${answer.text.slice(0, 200)}`)
      fixturesUsed.push(collection)
    }

    const called: string[] = []
    const skipped: string[] = []
    const uncovered: string[] = []
    let affiliateCalls = 0

    /** What the owners read of the row (or sub-collection) a write names. */
    const snapshot = async (operation: Operation, binding: Binding, owners: Caller[]) => {
      const path = fill(operation.path, binding.values)
      const sameGet = operations.some((other) => other.method === 'get' && other.path === operation.path)
      const views = []
      for (const owner of owners) {
        if (sameGet) views.push((await call(client, owner, 'get', path)).body)
        else views.push((await listOf(client, owner, binding.collection))?.find((row) => row.id === binding.row.id))
      }
      return JSON.stringify(views)
    }

    for (const operation of operations) {
      const label = `${operation.method.toUpperCase()} ${operation.path}`
      if (operation.public) {
        skipped.push(`${label}: public by design`)
        continue
      }
      const names = operation.params.filter((param) => !isRecordId(param.schema)).map((param) => param.name)
      if (names.length) {
        skipped.push(`${label}: {${names.join('}, {')}} names a shared thing, not a row`)
        continue
      }
      // A read is bound to a row B's own admin reads (a link creative has no file to download).
      const binding = await bind(operation, listsOfB, undefined, async (values, collection) => {
        if (operation.method !== 'get' || UNLISTED_IDS[collection]) return true
        const own = await call(client, b.admin, 'get', fill(operation.path, values))
        return own.status !== 403 && own.status !== 404
      })
      if (!binding) {
        uncovered.push(`${label}: organisation B has no row to call it with`)
        continue
      }
      const url = fill(operation.path, binding.values)
      const write = operation.method !== 'get'

      if (!write) {
        const own = await call(client, b.admin, 'get', url)
        if ([403, 404].includes(own.status) && !UNLISTED_IDS[binding.collection])
          failures.push(`${label}: B's own admin gets ${own.status} for ${url}; the sweep's ids are wrong`)
      }

      const template = write ? (await call(client, b.admin, 'get', url)).body?.data : undefined
      const body = bodyFor(operation, (template && !Array.isArray(template) ? template : undefined) ?? binding.row)
      const before = write ? await snapshot(operation, binding, [b.admin]) : ''
      const response = await call(client, a, operation.method, url, body)
      for (const problem of refusal(response, binding.row, url)) failures.push(`${label} as A's admin: ${problem}`)
      if (write && (await snapshot(operation, binding, [b.admin])) !== before)
        failures.push(`${label} as A's admin changed B's data`)
      called.push(label)

      // Affiliate X with affiliate Y's ids: rows naming Y, and rows Y lists that X does not.
      const key = (row: Row) => JSON.stringify(row.id ?? row)
      const onlyY = new Map<string, Set<string>>()
      const listsOfBAndY = async (collection: string) => {
        const rows = [...((await listsOfB(collection)) ?? []), ...((await cachedList(y, collection)) ?? [])]
        return rows.filter((row, index) => rows.findIndex((other) => key(other) === key(row)) === index)
      }
      const yBinding = await bind(operation, listsOfBAndY, async (row, collection) => {
        if (
          row.affiliateId === y.user.id ||
          row.userId === y.user.id ||
          (typeof row.email === 'string' && row.email.toLowerCase() === y.user.email.toLowerCase())
        )
          return true
        if (!onlyY.has(collection)) {
          const seenByX = new Set(((await cachedList(x, collection)) ?? []).map(key))
          const seenByY = ((await cachedList(y, collection)) ?? []).map(key)
          onlyY.set(collection, new Set(seenByY.filter((id) => !seenByX.has(id))))
        }
        return onlyY.get(collection)!.has(key(row))
      })
      if (yBinding) {
        const yUrl = fill(operation.path, yBinding.values)
        const yBody = bodyFor(operation, yBinding.row)
        const yBefore = write ? await snapshot(operation, yBinding, [b.admin, y]) : ''
        const answer = await call(client, x, operation.method, yUrl, yBody)
        for (const problem of refusal(answer, yBinding.row, yUrl))
          failures.push(`${label} as affiliate X with Y's ids: ${problem}`)
        if (write && (await snapshot(operation, yBinding, [b.admin, y])) !== yBefore)
          failures.push(`${label} as affiliate X changed Y's data`)
        affiliateCalls++
      }
    }

    console.log(
      [
        `tenancy sweep: ${operations.length} path-id operations; called ${called.length} as another organisation's admin, ${affiliateCalls} as another affiliate`,
        `  fixtures added through the API (no seed row yet): ${fixturesUsed.join(', ') || 'none'}`,
        `  not called (${skipped.length}):`,
        ...skipped.map((line) => `    ${line}`),
        `  uncovered (${uncovered.length}):`,
        ...uncovered.map((line) => `    ${line}`),
      ].join('\n')
    )
    assert.deepEqual(failures, [])
    assert.deepEqual(uncovered, [])
    assert.equal(called.length + skipped.length, operations.length)
  }).timeout(180_000)
})
