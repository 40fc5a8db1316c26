/*
 * What a plugin may read of panels (users rows) it does not own: who they are, for names on
 * notes and timelines and for "is this a live manager of the organisation" checks. Never a
 * password, token or secret. Writes go through kernel/panels.ts.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { UNUSABLE_PASSWORD_PREFIX, type UserRole, type UserStatus } from '#models/user'

export interface PanelRef {
  id: number
  organizationId: number
  email: string
  name: string | null
  role: UserRole
  status: UserStatus
  /** Whether the person has set a password (a panel created without one has none until reset). */
  hasPassword: boolean
}

export interface PanelQuery {
  /** Only panels of this organisation (left out: names of actors such as a parent's admin). */
  organizationId?: number
  roles?: readonly UserRole[]
  /** Leave out deleted panels. */
  live?: boolean
  client?: QueryClientContract
}

/** The panels among `ids`, by id (ids that match nothing are absent). */
export async function findPanels(ids: number[], query: PanelQuery = {}): Promise<Map<number, PanelRef>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))]
  if (!wanted.length) return new Map()
  const rows = await (query.client ?? db)
    .from('users')
    .whereIn('id', wanted)
    .if(query.organizationId !== undefined, (q) => q.where('organization_id', query.organizationId!))
    .if(query.roles, (q) => q.whereIn('role', [...query.roles!]))
    .if(query.live, (q) => q.whereNot('status', 'deleted'))
    .select('id', 'organization_id', 'email', 'name', 'role', 'status')
    .select(db.raw('(password IS NOT NULL AND password NOT LIKE ?) AS has_password', [`${UNUSABLE_PASSWORD_PREFIX}%`]))
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        organizationId: Number(row.organization_id),
        email: row.email,
        name: row.name ?? null,
        role: row.role,
        status: row.status,
        hasPassword: Boolean(row.has_password),
      },
    ])
  )
}

/** One panel, or null. */
export async function findPanel(id: number, query: PanelQuery = {}): Promise<PanelRef | null> {
  return (await findPanels([id], query)).get(id) ?? null
}
