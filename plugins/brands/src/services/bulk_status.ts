import { DateTime } from 'luxon'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { unprocessable } from '@affix/core/kernel'

/**
 * Sets the status of several rows at once, all or nothing: every id must name a live
 * row of the caller's organisation (`liveRows` is already tenant-scoped), else nothing
 * changes and the answer is a 422 on `ids`.
 */
export async function setStatusOf<Model extends LucidModel>(
  liveRows: () => ModelQueryBuilderContract<Model>,
  ids: number[],
  status: string
) {
  const found = await liveRows().whereIn('id', ids).select('id')
  if (found.length !== ids.length) {
    throw unprocessable('brands.errors.unknown_ids', { fields: [{ field: 'ids', rule: 'exists' }] })
  }
  const updated = await liveRows().whereIn('id', ids).update({ status, updated_at: DateTime.now().toSQL() })
  return { updated: Number(Array.isArray(updated) ? updated[0] : updated), ids }
}
