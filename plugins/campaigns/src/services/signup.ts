/*
 * Spec §4: "When persistent and dynamic campaigns are both chosen for signup, the dynamic one
 * wins." A signup may carry several campaigns (chosen by the affiliate link or form); the one
 * the new customer is attributed to is the first live dynamic campaign among them, else the
 * first live persistent one, else the first live one.
 */
import db from '@adonisjs/lucid/services/db'

export async function signupCampaignFor(organizationId: number, chosenIds: number[]): Promise<number | null> {
  const ids = chosenIds.filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!ids.length) return null
  const rows = await db
    .from('campaigns')
    .where('organization_id', organizationId)
    .whereNull('deleted_at')
    .whereIn('id', ids)
    .select('id', 'is_dynamic', 'is_persistent')
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  const live = ids.filter((id) => byId.has(id))
  return live.find((id) => byId.get(id).is_dynamic) ?? live.find((id) => byId.get(id).is_persistent) ?? live[0] ?? null
}
