/*
 * The fuzz step of `npm test` (docs/security.md): hostile inputs to EVERY operation of the
 * OpenAPI document, as an admin of the seeded demo organisation, with ids of real rows in
 * the paths. For each input it asserts: no 5xx; a refusal is a 4xx envelope
 * `{ success: false, error: { message } }` with a message; and a refused request inserted,
 * updated or deleted no row (a trigger on every table counts them, see writeCounter). It
 * prints how many operations and inputs it tried.
 */
import logger from '@adonisjs/core/services/logger'
import { startWorker, stopWorker } from '#services/jobs'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { buildOpenApiDocument } from '#services/openapi_document'
import { seedDemo, DEMO_ADMIN_EMAIL } from '#services/demo_data'
import { addUser } from '#tests/helpers/fixtures'

type JsonSchema = Record<string, any>
interface Operation {
  method: string
  template: string
  operationId: string
  public: boolean
  query: string[]
  json?: JsonSchema
  multipart?: JsonSchema
}
interface Input {
  label: string
  path: string
  query?: string
  headers?: Record<string, string>
  body?: string | FormData
}

const NUL = 'fu\u0000zz'
const LONE = 'fu\ud800zz'
const MEGA = 'x'.repeat(1024 * 1024)
const LONG = 'y'.repeat(20_000)
const NESTED = `${'['.repeat(200)}${']'.repeat(200)}`

/** A plausible value for a schema, with `text` for every string (hostile or not). */
function fill(schema: JsonSchema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 6) return text
  const branch = schema.anyOf?.find((candidate: JsonSchema) => candidate.type !== 'null') ?? schema
  if (Array.isArray(branch.enum)) return branch.enum[0]
  const type = ([] as string[]).concat(branch.type ?? 'string').find((candidate) => candidate !== 'null')
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, Number(branch.minimum ?? 1))
    case 'boolean':
      return true
    case 'array':
      return [fill(branch.items, text, depth + 1)]
    case 'object':
      return Object.fromEntries(
        Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>).map(([key, property]) => [
          key,
          fill(property, text, depth + 1),
        ])
      )
    default:
      return branch.format === 'date-time' ? '2031-01-01T00:00:00Z' : text
  }
}

/** Values of the wrong type for a property: what a careless or hostile client sends. */
function wrongTypes(schema: JsonSchema): unknown[] {
  const type = ([] as string[]).concat(schema.type ?? []).find((candidate) => candidate !== 'null')
  if (type === 'integer' || type === 'number') return [true, [5], 1e300, -99999999999999, 'twelve']
  if (type === 'array') return ['x', [[{ deep: [NUL] }]]]
  if (type === 'object') return ['x', [1]]
  if (type === 'boolean' || Array.isArray(schema.enum)) return [[true], 99999999999999999999]
  return [123456789012345678901234567890, [LONE], { a: NUL }]
}

function operationsOf(document: any): Operation[] {
  const operations: Operation[] = []
  for (const [template, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {}
      operations.push({
        method: method.toUpperCase(),
        template,
        operationId: operation.operationId,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        query: (operation.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
        json: content['application/json']?.schema,
        multipart: content['multipart/form-data']?.schema,
      })
    }
  }
  return operations
}

/**
 * Columns a request stamps whatever its outcome: an access token's or API key's last use.
 * An UPDATE that changes nothing else is bookkeeping, not a write.
 */
const BOOKKEEPING_COLUMNS = ['last_used_at']

/**
 * The write detector: a row trigger on every table (partitioned parents included) counts the
 * rows inserted, updated and deleted per table in `fuzz_writes.counts`. An UPDATE counts
 * when it changes a value (besides BOOKKEEPING_COLUMNS): a refused request may neither add,
 * remove nor alter a row. Reading it costs one tiny query, so it is read after every input;
 * the counts are transactional, so a refusal whose transaction rolled back counts nothing.
 * `drop` removes the triggers and the schema.
 */
async function writeCounter() {
  const tables = (
    await db.rawQuery(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`
    )
  ).rows.map((row: { name: string }) => row.name) as string[]
  await db.rawQuery(`
    DROP SCHEMA IF EXISTS fuzz_writes CASCADE;
    CREATE SCHEMA fuzz_writes;
    CREATE TABLE fuzz_writes.counts (name text PRIMARY KEY, n bigint NOT NULL);
    CREATE FUNCTION fuzz_writes.bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - TG_ARGV::text[] = to_jsonb(NEW) - TG_ARGV::text[] THEN
          RETURN NULL;
        END IF;
        INSERT INTO fuzz_writes.counts VALUES (TG_TABLE_NAME, 1)
          ON CONFLICT (name) DO UPDATE SET n = fuzz_writes.counts.n + 1;
        RETURN NULL;
      END $$;`)
  for (const table of tables)
    await db.rawQuery(
      `CREATE TRIGGER fuzz_writes AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW
         EXECUTE FUNCTION fuzz_writes.bump(${BOOKKEEPING_COLUMNS.map((column) => `'${column}'`).join(', ')})`
    )
  return {
    read: async () =>
      Object.fromEntries(
        (await db.rawQuery('SELECT name, n FROM fuzz_writes.counts')).rows.map((row: { name: string; n: string }) => [
          row.name,
          Number(row.n),
        ])
      ) as Record<string, number>,
    drop: async () => {
      for (const table of tables) await db.rawQuery(`DROP TRIGGER IF EXISTS fuzz_writes ON "${table}"`)
      await db.rawQuery('DROP SCHEMA IF EXISTS fuzz_writes CASCADE')
    },
  }
}

/** Set while the write counter's triggers exist: the group's teardown removes them. */
let dropWriteCounter: (() => Promise<void>) | null = null

test.group('fuzz: every operation of the OpenAPI document', (group) => {
  // Row counts are the write detector: no background job (cron, listeners) may write meanwhile.
  group.setup(async () => {
    await stopWorker()
    return async () => {
      await dropWriteCounter?.()
      dropWriteCounter = null
      await startWorker(logger)
    }
  })

  test('hostile inputs are refused with a 4xx envelope, never a 5xx, and write nothing', async ({ assert }) => {
    const started = Date.now()
    await seedDemo()
    const admin = await User.findByOrFail('email', DEMO_ADMIN_EMAIL)
    // Several admins of the organisation share the load, so the per-panel rate limit
    // (1,200 calls a minute) does not stop the inputs before the code under test.
    const admins = [
      admin,
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => addUser(admin.organizationId, 'admin')))).map(
        (entry) => entry.user
      ),
    ]
    const base = `http://${process.env.HOST}:${process.env.PORT}`
    const writes = await writeCounter()
    dropWriteCounter = writes.drop
    const counts = writes.read
    const operations = operationsOf(buildOpenApiDocument())

    let bearer = ''
    const send = async (method: string, input: Omit<Input, 'label'>) => {
      const headers: Record<string, string> = { accept: 'application/json', ...input.headers }
      if (bearer) headers.authorization = `Bearer ${bearer}`
      if (typeof input.body === 'string') headers['content-type'] ??= 'application/json'
      const response = await fetch(`${base}${input.path}${input.query ? `?${input.query}` : ''}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : input.body,
        redirect: 'manual',
      })
      const text = await response.text()
      return { status: response.status, text, type: response.headers.get('content-type') ?? '' }
    }

    // Real ids for path parameters: the first row each collection lists, else 1.
    const resolved = new Map<string, string>()
    const idFrom = async (collection: string) => {
      if (resolved.has(collection)) return resolved.get(collection)!
      const answer = await send('GET', { path: collection })
      let id = '1'
      try {
        const data = JSON.parse(answer.text).data
        const first = Array.isArray(data) ? data[0] : null
        if (first?.id !== undefined) id = String(first.id)
      } catch {}
      resolved.set(collection, id)
      return id
    }
    // A real public creative (the demo media's image), by the token in its public link.
    bearer = (await User.accessTokens.create(admin)).value!.release()
    // The detector itself: it counts an UPDATE that changes a value (here one changed and
    // changed back), and not one that only stamps a token's last use.
    const beforeProbe = await counts()
    const brand = await db.from('brands').where('organization_id', admin.organizationId).orderBy('id').firstOrFail()
    await db
      .from('brands')
      .where('id', brand.id)
      .update({ name: `${brand.name} (fuzz)` })
    await db.from('brands').where('id', brand.id).update({ name: brand.name })
    const stamped = await db
      .from('auth_access_tokens')
      .where('tokenable_id', admin.id)
      .update({ last_used_at: new Date() })
    // PostgreSQL answers the number of rows updated.
    assert.isAbove(Number(stamped), 0)
    const afterProbe = await counts()
    assert.equal((afterProbe.brands ?? 0) - (beforeProbe.brands ?? 0), 2, 'the write detector counts UPDATEs')
    assert.equal(afterProbe.auth_access_tokens, beforeProbe.auth_access_tokens, 'a last use is bookkeeping')
    const listed = JSON.parse((await send('GET', { path: '/api/v1/media/media' })).text).data ?? []
    const publicUrl = listed.find((row: any) => row.file?.publicUrl)?.file.publicUrl as string | undefined
    const creative = publicUrl ? new URL(publicUrl, base).pathname.split('/').pop()! : 'none.png'
    const concretePath = async (template: string) => {
      let path = template
      for (const match of template.matchAll(/\{([a-zA-Z_]+)\}/g)) {
        const name = match[1]
        const prefix = path.slice(0, path.indexOf(`{${name}}`)).replace(/\/$/, '')
        const value =
          name === 'orgId'
            ? String(admin.organizationId)
            : name === 'type'
              ? 'brand'
              : name === 'kind'
                ? 'logo'
                : name === 'file'
                  ? creative
                  : await idFrom(prefix)
        path = path.replace(`{${name}}`, value)
      }
      return path
    }

    const failures: string[] = []
    let inputs = 0
    let refused = 0
    let current = await counts()
    for (const [index, op] of operations.entries()) {
      bearer = op.public ? '' : (await User.accessTokens.create(admins[index % admins.length])).value!.release()
      current = await counts()
      const path = await concretePath(op.template)
      const list: Input[] = [{ label: 'nothing', path }]
      // Path parameters: junk in every id.
      if (/\{/.test(op.template)) {
        for (const junk of ['0', '99999999999999999999', '%00', '%ED%A0%80']) {
          list.push({ label: `path ${junk}`, path: op.template.replace(/\{[a-zA-Z_]+\}/g, junk) })
        }
      }
      // Query: every declared parameter at once with each hostile value, and an unknown one.
      const declared = [...op.query, ...(op.public ? [] : ['coid'])]
      const queryValues = op.query.length
        ? ['%00', '%ED%A0%80', '99999999999999999999', 'a'.repeat(5000)]
        : ['%00', '99999999999999999999']
      for (const value of queryValues) {
        list.push({
          label: `query ${value.slice(0, 12)}`,
          path,
          query: declared.map((name) => `${name}=${value}`).join('&'),
        })
      }
      if (op.query.length) {
        list.push({ label: 'query arrays', path, query: declared.map((name) => `${name}[]=1&${name}[]=2`).join('&') })
        list.push({ label: 'query objects', path, query: declared.map((name) => `${name}[a][b]=1`).join('&') })
        list.push({ label: 'query 20,000 characters', path, query: `q=${LONG}` })
      }
      list.push({ label: 'query unknown', path, query: 'fuzzUnknown=1' })
      // Bodies: the operation's JSON schema filled with hostile text, then each property wrong.
      const json = (value: unknown) => JSON.stringify(value)
      if (op.json) {
        const plausible = () => fill(op.json, 'fuzz') as object
        for (const [label, text] of [
          ['plausible', 'fuzz'],
          ['NUL', NUL],
          ['lone surrogate', LONE],
          ['long strings', LONG],
        ] as const) {
          list.push({ label: `body ${label}`, path, body: json(fill(op.json, text)) })
        }
        list.push({ label: 'body 1 MB string', path, body: json({ ...plausible(), zz: MEGA }) })
        list.push({ label: 'body unknown field', path, body: json({ ...plausible(), fuzzUnknown: 1 }) })
        list.push({ label: 'body nested', path, body: `{"a":${NESTED}}` })
        list.push({ label: 'body very nested', path, body: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}` })
        list.push({ label: 'body array', path, body: '[1,2,3]' })
        list.push({ label: 'body huge numbers', path, body: '{"id":1e400,"amount":-1e400}' })
        list.push({ label: 'body malformed', path, body: '{"a":' })
        list.push({ label: 'body text/plain', path, body: 'a=1', headers: { 'content-type': 'text/plain' } })
        for (const [name, property] of Object.entries((op.json.properties ?? {}) as Record<string, JsonSchema>)) {
          const [wrong] = wrongTypes(property)
          list.push({
            label: `body ${name}=${json(wrong)?.slice(0, 20)}`,
            path,
            body: json({ ...plausible(), [name]: wrong }),
          })
        }
        // Every property wrong at once, with the other wrong values.
        for (const position of [1, 2]) {
          const all = Object.entries((op.json.properties ?? {}) as Record<string, JsonSchema>).map(
            ([name, property]) => {
              const wrong = wrongTypes(property)
              return [name, wrong[position % wrong.length]]
            }
          )
          list.push({ label: `body all wrong #${position}`, path, body: json(Object.fromEntries(all)) })
        }
      } else if (!op.multipart && op.method !== 'GET') {
        list.push({ label: 'body unknown field', path, body: json({ fuzzUnknown: NUL }) })
        list.push({ label: 'body malformed', path, body: '{"a":' })
      }
      if (op.multipart) {
        for (const [label, text] of [
          ['plausible', 'fuzz'],
          ['NUL', NUL],
          ['lone surrogate', LONE],
        ] as const) {
          const form = new FormData()
          for (const [name, property] of Object.entries(
            (op.multipart.properties ?? {}) as Record<string, JsonSchema>
          )) {
            if (property.format === 'binary')
              form.append(
                name,
                new Blob([`name,email\n=HYPERLINK("x"),${text}\n`], { type: 'text/csv' }),
                `${text}.csv`
              )
            else form.append(name, text)
          }
          list.push({ label: `multipart ${label}`, path, body: form })
        }
        const unknown = new FormData()
        unknown.append('fuzzUnknown', '1')
        list.push({ label: 'multipart unknown field', path, body: unknown })
        const nulFile = new FormData()
        nulFile.append('file', new Blob(['name\nA\u0000B\n'], { type: 'text/csv' }), 'nul.csv')
        list.push({ label: 'multipart NUL file', path, body: nulFile })
      }

      for (const input of list) {
        inputs++
        const answer = await send(op.method, input)
        const where = `${op.method} ${op.template} (${op.operationId}) ${input.label}: ${answer.status}`
        if (answer.status >= 500) {
          failures.push(`${where} ${answer.text.slice(0, 200)}`)
          continue
        }
        if (answer.status >= 400) {
          refused++
          let message: unknown
          try {
            const body = JSON.parse(answer.text)
            // The OAuth token endpoint answers RFC 6749 errors, not the envelope (docs/api.md).
            message =
              op.operationId === 'oauthToken' && body.error_description
                ? body.error_description
                : body.success === false
                  ? body.error?.message
                  : undefined
          } catch {}
          if (typeof message !== 'string' || !message.trim())
            failures.push(`${where} without a message: ${answer.text.slice(0, 200)}`)
          const after = await counts()
          const written = Object.keys({ ...after, ...current }).filter((table) => after[table] !== current[table])
          if (written.length) failures.push(`${where} — refused, but changed ${written.join(', ')}`)
          current = after
        } else {
          // An accepted write may start background work: let it settle before measuring again.
          current = await counts()
          for (let attempt = 0; op.method !== 'GET' && attempt < 30; attempt++) {
            await new Promise((resolve) => setTimeout(resolve, 50))
            const settled = await counts()
            if (JSON.stringify(settled) === JSON.stringify(current)) break
            current = settled
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `fuzz: ${operations.length} operations, ${inputs} inputs (${refused} refused with a 4xx envelope), ${failures.length} failures, ${seconds}s`
    )
    assert.isAbove(operations.length, 150)
    assert.deepEqual(failures, [])
  }).timeout(600_000)
})
