/* Raw SQL with array parameters (unnest): knex's binding types do not allow arrays of nullable values. */
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

export function sql(client: QueryClientContract, text: string, bindings: unknown[]): Promise<{ rows: any[] }> {
  return client.rawQuery(text, bindings as any) as unknown as Promise<{ rows: any[] }>
}

/*
 * PostgreSQL array literals built here rather than by the pg driver, which quotes and
 * escapes element by element: an activity batch sends 25 arrays of 10,000 values, and that
 * was a noticeable share of the ingest's own CPU. Bind the result to a `?::type[]` cast.
 */

/** Numbers, booleans, and strings that need no quoting (canonical decimals, YYYY-MM-DD dates, ids). */
export function plainArray(values: ReadonlyArray<string | number | boolean | null>): string {
  let result = '{'
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    if (i > 0) result += ','
    result += value === null ? 'NULL' : value === true ? 't' : value === false ? 'f' : value
  }
  return result + '}'
}

const NEEDS_ESCAPE = /["\\]/

/** Any text (quoted, with `"` and `\` escaped); null stays NULL. */
export function textArray(values: ReadonlyArray<string | null>): string {
  let result = '{'
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    if (i > 0) result += ','
    if (value === null) result += 'NULL'
    else result += `"${NEEDS_ESCAPE.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"`
  }
  return result + '}'
}
