import type { Operation } from './scopes'

export interface ApiKey {
  id: number
  name: string
  preview: string
  scopes: Array<{ resource: string; operations: Operation[] }>
  allowedIps: string[]
  expiresAt?: string | null
  lastUsedAt?: string | null
  revokedAt?: string | null
  createdAt?: string | null
}

/** Revoked, expired or active: what a key or an app can still do. */
export function credentialStatus(
  record: { revokedAt?: string | null; expiresAt?: string | null },
  now = Date.now()
): 'revoked' | 'expired' | 'active' {
  if (record.revokedAt) return 'revoked'
  if (record.expiresAt && Date.parse(record.expiresAt) < now) return 'expired'
  return 'active'
}

const blankToUndefined = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined)

/** DateInput gives YYYY-MM-DD (or a Date); the API takes the date. */
export function toExpiry(value: unknown): string | undefined {
  if (!value) return undefined
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return blankToUndefined(String(value))
}

export const cleanList = (values: string[] | null | undefined) =>
  (values ?? []).map((value) => value.trim()).filter(Boolean)
