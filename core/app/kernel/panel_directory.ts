/*
 * What a plugin may read of panels (users rows) it does not own: who they are, for names on
 * notes and timelines, for "is this a live manager of the organisation" checks and for imports
 * that check a whole file against the organisation's addresses. Never a password, token or
 * secret. Both readers read core's `panels` view (migration 1700000000020), the relation a
 * plugin's own SQL may join too; writes go through kernel/panels.ts.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { UserRole, UserStatus } from '#models/user'

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

type PanelRow = Record<string, any>

const PANEL_COLUMNS = ['id', 'organization_id', 'email', 'name', 'role', 'status', 'has_password']

const panelRef = (row: PanelRow): PanelRef => ({
  id: Number(row.id),
  organizationId: Number(row.organization_id),
  email: row.email,
  name: row.name ?? null,
  role: row.role,
  status: row.status,
  hasPassword: Boolean(row.has_password),
})

/** The panels among `ids`, by id (ids that match nothing are absent). */
export async function findPanels(ids: number[], query: PanelQuery = {}): Promise<Map<number, PanelRef>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))]
  if (!wanted.length) return new Map()
  const rows = await (query.client ?? db)
    .from('panels')
    .whereIn('id', wanted)
    .if(query.organizationId !== undefined, (q) => q.where('organization_id', query.organizationId!))
    .if(query.roles, (q) => q.whereIn('role', [...query.roles!]))
    .if(query.live, (q) => q.whereNot('status', 'deleted'))
    .select(PANEL_COLUMNS)
  return new Map(rows.map((row) => [Number(row.id), panelRef(row)]))
}

/**
 * Every panel of one organisation (of `roles`; not deleted with `live`), lowest id first: what
 * an import checks a whole file against (addresses taken, managers and referrers by e-mail).
 * One query, whatever the number of panels.
 */
export async function listPanels(
  organizationId: number,
  query: Omit<PanelQuery, 'organizationId'> = {}
): Promise<PanelRef[]> {
  const rows = await (query.client ?? db)
    .from('panels')
    .where('organization_id', organizationId)
    .if(query.roles, (q) => q.whereIn('role', [...query.roles!]))
    .if(query.live, (q) => q.whereNot('status', 'deleted'))
    .orderBy('id')
    .select(PANEL_COLUMNS)
  return rows.map(panelRef)
}

/** One panel, or null. */
export async function findPanel(id: number, query: PanelQuery = {}): Promise<PanelRef | null> {
  return (await findPanels([id], query)).get(id) ?? null
}
