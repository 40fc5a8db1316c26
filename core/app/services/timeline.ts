import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Appends an entry to an organisation's timeline (who changed what, and when). */
export async function recordTimeline(
  organizationId: number,
  userId: number | null,
  action: string,
  changes: Record<string, unknown>,
  trx?: TransactionClientContract
) {
  await (trx ?? db)
    .insertQuery()
    .table('organization_timeline')
    .insert({
      organization_id: organizationId,
      user_id: userId,
      action,
      changes: JSON.stringify(changes),
    })
}
