/* Raw SQL with array parameters (unnest): knex's binding types do not allow arrays of nullable values. */
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

export function sql(client: QueryClientContract, text: string, bindings: unknown[]): Promise<{ rows: any[] }> {
  return client.rawQuery(text, bindings as any) as unknown as Promise<{ rows: any[] }>
}
