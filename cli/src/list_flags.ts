/* Paging, sorting and filtering flags of the list commands, mapped to the API's list query. */
import { Flags } from '@oclif/core'

/** Paging only, for lists with their own sort and filters. */
export const pageFlags = {
  page: Flags.integer({ summary: 'Page number, from 1.', min: 1, default: 1 }),
  limit: Flags.integer({ summary: 'Rows per page (at most 500).', min: 1, max: 500, default: 25 }),
}

export const listFlags = {
  ...pageFlags,
  sort: Flags.string({ summary: 'Field to sort on; prefix with - for descending, e.g. -createdAt.' }),
  status: Flags.string({ summary: 'Only rows with this status.', options: ['active', 'inactive'] }),
  q: Flags.string({ summary: 'Free-text search.' }),
}

/** The API's `filter` query parameter: the given fields without the unset ones, as JSON; none → undefined. */
export function filterParam(fields: Record<string, unknown>): string | undefined {
  const set = Object.entries(fields).filter(([, value]) => value !== undefined)
  return set.length ? JSON.stringify(Object.fromEntries(set)) : undefined
}

/**
 * The API's list query from the list flags: paging, sort, search, and the filter (by default
 * the --status flag; a command with more filter flags passes its own fields).
 */
export function listQuery(
  flags: { page: number; limit: number; sort?: string; status?: string; q?: string },
  filter: Record<string, unknown> = { status: flags.status }
) {
  return {
    page: flags.page,
    limit: flags.limit,
    sort: flags.sort,
    q: flags.q,
    // The documented way to filter is the JSON `filter` parameter.
    filter: filterParam(filter),
  }
}

/** "Showing 26-50 of 120 brands." */
export function pageSummary(resource: string, start: number, count: number, total: number): string {
  if (count === 0) return total === 0 ? `No ${resource} found.` : `No ${resource} on this page (${total} in total).`
  return `Showing ${start + 1}-${start + count} of ${total} ${resource}.`
}
