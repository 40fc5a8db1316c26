/*
 * The operator postback secret: one per organisation, 256 random bits shown once when it is
 * created or rotated, stored only as its SHA-256 (a fast hash is enough for a random secret
 * of that size and lets the hot postback path find the organisation with one index lookup).
 * A rotation invalidates the old secret at once on every node.
 */
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { onInvalidation, publishInvalidation } from '@affix/core/kernel'

export const SECRET_TOPIC = 'customers-postback'

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Creates or replaces the organisation's secret; returns it (the only time it is readable). */
export async function rotateSecret(organizationId: number, actorId: number | null): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  await db.rawQuery(
    `INSERT INTO customer_postback_secrets (organization_id, secret_hash, secret_hint, created_by)
     VALUES (?, ?, ?, ?)
     ON CONFLICT (organization_id) DO UPDATE
       SET secret_hash = EXCLUDED.secret_hash, secret_hint = EXCLUDED.secret_hint,
           created_by = EXCLUDED.created_by, rotated_at = now()`,
    [organizationId, hashSecret(secret), secret.slice(-4), actorId]
  )
  await publishInvalidation({ topic: SECRET_TOPIC, organizationId })
  return secret
}

export async function secretInfo(organizationId: number) {
  const row = await db
    .from('customer_postback_secrets')
    .where('organization_id', organizationId)
    .select('secret_hint', 'created_at', 'rotated_at')
    .first()
  return row
    ? {
        configured: true,
        secretHint: `…${row.secret_hint}`,
        createdAt: new Date(row.created_at).toISOString(),
        rotatedAt: row.rotated_at ? new Date(row.rotated_at).toISOString() : null,
      }
    : { configured: false, secretHint: null, createdAt: null, rotatedAt: null }
}

/** Secret hash → organisation, cached (60 s; dropped on rotation). Unknown secrets are cached too, briefly. */
const cache = new Map<string, { organizationId: number | null; until: number }>()
let listening = false

export async function organizationOfSecret(secret: string): Promise<number | null> {
  if (!listening) {
    listening = true
    onInvalidation(SECRET_TOPIC, ({ organizationId }) => {
      for (const [hash, entry] of cache) if (entry.organizationId === organizationId) cache.delete(hash)
    })
  }
  const hash = hashSecret(secret)
  const now = Date.now()
  const hit = cache.get(hash)
  if (hit && hit.until > now) return hit.organizationId
  const row = await db.from('customer_postback_secrets').where('secret_hash', hash).select('organization_id').first()
  const organizationId = row ? Number(row.organization_id) : null
  if (cache.size > 10_000) cache.clear()
  cache.set(hash, { organizationId, until: now + (organizationId === null ? 5_000 : 60_000) })
  return organizationId
}
