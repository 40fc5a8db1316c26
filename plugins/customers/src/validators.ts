/* VineJS validators of the customers API's small bodies (batches are read by ingest/rows.ts). */
import vine from '@vinejs/vine'
import { text } from '@affix/core/kernel'

export const fraudValidator = vine.compile(vine.object({ reason: text().optional() }))

export const reassignValidator = vine.compile(
  vine.object({
    affiliateId: vine.number().withoutDecimals().positive().max(2_147_483_647),
    effectiveDate: vine
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    reason: text().minLength(1),
  })
)
